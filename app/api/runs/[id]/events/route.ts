import { SeqParam } from '@/lib/contracts/runs';
import { badRequest } from '@/lib/errors';
import { runtimeConfig } from '@/lib/runtime/config';
import { runEventStream, SSE_HEADERS } from '@/lib/runtime/run-event-stream';
import { route, type Params } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Where to resume: the Last-Event-ID header (set by EventSource on reconnect), else ?after=, else 0. */
function afterSeq(req: Request): number {
  const raw = req.headers.get('last-event-id') ?? new URL(req.url).searchParams.get('after');
  if (raw === null || raw.trim() === '') return 0;
  const parsed = SeqParam.safeParse(raw.trim());
  if (!parsed.success) throw badRequest(`Last-Event-ID / after must be a non-negative integer sequence number, got ${JSON.stringify(raw)}`);
  return parsed.data;
}

/** The run's trace as Server-Sent Events: replay, then live, until a terminal event. */
export const GET = route('viewer', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await runFor(caller, (await params).id, 'viewer');
  const stream = runEventStream({ runId: id, after: afterSeq(req), heartbeatMs: runtimeConfig().sseHeartbeatMs, signal: req.signal });
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
});
