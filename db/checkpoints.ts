/** A run's checkpoint history (one per superstep; the latest is loadCheckpoint in db/runs.ts). */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Checkpoint } from '@/lib/contracts/trace';
import { expandCheckpoint } from './checkpoint-delta';
import { getDb } from './client';
import { readCheckpoint, storedCheckpointAt } from './runs';
import { runCheckpoints } from './schema/runs';

export interface CheckpointRow {
  step: number;
  checkpoint: Checkpoint;
  updatedAt: Date;
}

/** Every checkpoint of the run, by step. */
export function listCheckpoints(runId: string): CheckpointRow[] {
  const rows = getDb()
    .select({ step: runCheckpoints.step, checkpoint: runCheckpoints.checkpoint, updatedAt: runCheckpoints.updatedAt })
    .from(runCheckpoints)
    .where(eq(runCheckpoints.runId, runId))
    .orderBy(asc(runCheckpoints.step))
    .all();
  const byStep = new Map(rows.map((r) => [r.step, r.checkpoint]));
  return rows.map((r) => ({ ...r, checkpoint: expandCheckpoint(r.checkpoint, (step) => byStep.get(step)) }));
}

/** The checkpoint taken after superstep `step`, if the run has one. */
export function checkpointAt(runId: string, step: number): Checkpoint | undefined {
  const row = storedCheckpointAt(runId, step);
  return row && readCheckpoint(runId, row);
}
