/** A run's checkpoint history (one per superstep; the latest is loadCheckpoint in db/runs.ts). */
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Checkpoint } from '@/lib/contracts/trace';
import { getDb } from './client';
import { runCheckpoints } from './schema/runs';

export interface CheckpointRow {
  step: number;
  checkpoint: Checkpoint;
  updatedAt: Date;
}

/** Every checkpoint of the run, by step. */
export function listCheckpoints(runId: string): CheckpointRow[] {
  return getDb()
    .select({ step: runCheckpoints.step, checkpoint: runCheckpoints.checkpoint, updatedAt: runCheckpoints.updatedAt })
    .from(runCheckpoints)
    .where(eq(runCheckpoints.runId, runId))
    .orderBy(asc(runCheckpoints.step))
    .all();
}

/** The checkpoint taken after superstep `step`, if the run has one. */
export function checkpointAt(runId: string, step: number): Checkpoint | undefined {
  return getDb()
    .select({ checkpoint: runCheckpoints.checkpoint })
    .from(runCheckpoints)
    .where(and(eq(runCheckpoints.runId, runId), eq(runCheckpoints.step, step)))
    .get()?.checkpoint;
}
