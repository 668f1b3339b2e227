/**
 * A recorded run as a cassette file (GET /api/runs/:id/cassette): its model and tool calls by
 * node and request hash with their results, which a graph test reuses (`cassette: FILE`) without
 * calling a model or a tool.
 */
import 'server-only';
import { getStore } from '@/db/store';
import { notFound } from '@/lib/errors';
import { cassetteFile, type CassetteFile } from './cassette';
import { cassetteOfRun } from './run-journal';

export async function runCassette(runId: string): Promise<CassetteFile> {
  const run = await getStore().runs.get(runId);
  if (!run) throw notFound(`Run ${runId}`);
  return cassetteFile(
    { run_id: run.id, graph: run.graphName, graph_version: run.graphVersion ?? null, status: run.status, created_at: run.createdAt.toISOString() },
    await cassetteOfRun(run.id),
  );
}

/** The download name of a run's cassette: `<graph>-<run id prefix>.cassette.json`. */
export function cassetteFileName(c: Pick<CassetteFile, 'graph' | 'run_id'>): string {
  return `${c.graph.replace(/[^\w.-]+/g, '_')}-${c.run_id.slice(0, 8)}.cassette.json`;
}
