/** Recorded activity results (model and tool calls inside nodes), per run and deterministic key. */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from './client';
import { activities } from './schema/activities';

export function getActivity(runId: string, key: string): { kind: string; result: unknown } | undefined {
  const row = getDb()
    .select({ kind: activities.kind, result: activities.result })
    .from(activities)
    .where(and(eq(activities.runId, runId), eq(activities.key, key)))
    .get();
  return row ?? undefined;
}

/** Records a finished activity; the first record of a key wins (a replay never overwrites it). */
export function putActivity(runId: string, key: string, kind: string, result: unknown): void {
  try {
    getDb().insert(activities).values({ runId, key, kind, result }).onConflictDoNothing().run();
  } catch (err) {
    // The run was deleted (with its graph) while the call ran: there is nothing left to replay it for.
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return;
    throw err;
  }
}

export function countActivities(runId: string): number {
  return getDb().select({ key: activities.key }).from(activities).where(eq(activities.runId, runId)).all().length;
}
