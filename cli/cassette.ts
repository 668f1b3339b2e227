/**
 * `switchyard cassette RUN_ID --server URL [--api-key KEY] [-o FILE]`: a recorded run's model and
 * tool calls as a cassette file (GET /api/runs/:id/cassette), for a graph test's `cassette: FILE`
 * to replay without calling a model or a tool. Written to FILE, else to stdout.
 */
import { writeFileSync } from 'node:fs';
import { cassetteCalls } from '@/lib/runtime/cassette';
import type { Output } from './output';
import { endpoint, failure, headers, type RemoteArgs } from './remote';

export async function cassetteCommand(runId: string | undefined, args: RemoteArgs, out: Output): Promise<number> {
  if (!runId) {
    out.err('switchyard cassette: name the run (its id, from the run page or GET /api/graphs/:id/runs)');
    return 2;
  }
  const res = await fetch(endpoint(args, `api/runs/${encodeURIComponent(runId)}/cassette`), { headers: headers(args) });
  if (!res.ok) {
    out.err(await failure(res));
    return 1;
  }
  const text = await res.text();
  const calls = cassetteCalls(JSON.parse(text));
  if (args.out) {
    writeFileSync(args.out, text.endsWith('\n') ? text : `${text}\n`);
    out.log(`cassette of run ${runId} (${calls.length} recorded call${calls.length === 1 ? '' : 's'}) written to ${args.out}`);
  } else process.stdout.write(`${text}\n`);
  return 0;
}
