/**
 * The model and tool calls of each run by node and request hash (lib/runtime/recording.ts): what a
 * replay of the run looks up instead of calling again.
 */
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from './client';
import { runCalls, type RunCallRow } from './schema/runs';

export interface RunCall {
  key: string;
  kind: 'llm' | 'tool';
  node: string;
  requestHash: string;
  result: unknown;
}

/** Records one call (once per activity key: a call replayed after a crash is not recorded twice). */
export function putRunCall(runId: string, c: RunCall): void {
  getDb().insert(runCalls).values({ runId, ...c }).onConflictDoNothing().run();
}

/** The run's calls in the order they finished. */
export function listRunCalls(runId: string): RunCallRow[] {
  return getDb().select().from(runCalls).where(eq(runCalls.runId, runId)).orderBy(asc(runCalls.id)).all();
}

/** The calls of `node` with this request, in the order they finished. */
export function findRunCalls(runId: string, kind: 'llm' | 'tool', node: string, requestHash: string): RunCallRow[] {
  return getDb()
    .select()
    .from(runCalls)
    .where(and(eq(runCalls.runId, runId), eq(runCalls.kind, kind), eq(runCalls.node, node), eq(runCalls.requestHash, requestHash)))
    .orderBy(asc(runCalls.id))
    .all();
}
