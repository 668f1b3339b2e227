/**
 * Deleting a graph: its runs still executing in this process are cancelled first (aborted, and
 * awaited up to `waitMs`), then the graph is deleted and its runs, events, checkpoints and
 * call journal go with it (ON DELETE CASCADE). A run that is still winding down after that finds its
 * row gone and stops writing (event-recorder.ts); nothing throws.
 */
import 'server-only';
import { getStore } from '@/db/store';
import { AppError } from '@/lib/errors';
import { runtimeState } from './globals';

/** False when there is no such graph. */
export async function deleteGraphAndRuns(graphId: string, opts: { waitMs?: number } = {}): Promise<boolean> {
  const graphs = getStore().graphs;
  if (!(await graphs.get(graphId))) return false;
  const running = [...runtimeState().active.values()];
  const rows = await Promise.all(running.map((a) => getStore().runs.get(a.runId)));
  const active = running.filter((_, i) => rows[i]?.graphId === graphId);
  for (const a of active) a.controller.abort(new AppError('cancelled', 'The run was cancelled because its graph is being deleted.'));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((r) => (timer = setTimeout(r, opts.waitMs ?? 10_000)));
  await Promise.race([Promise.all(active.map((a) => a.done.catch(() => undefined))), timeout]);
  clearTimeout(timer);
  return graphs.delete(graphId);
}
