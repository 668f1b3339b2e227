/** A run's checkpoint history (one per superstep; the latest is loadCheckpoint in db/runs.ts). */
import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { Checkpoint } from '@/lib/contracts/trace';
import { expandCheckpoint, type StoredCheckpoint } from './checkpoint-delta';
import { getDb } from './client';
import { prepared } from './prepared';
import { readCheckpoint, storedCheckpointAt } from './runs';
import { runCheckpoints } from './schema/runs';

export interface CheckpointRow {
  step: number;
  checkpoint: Checkpoint;
  updatedAt: Date;
}

/** The run's checkpoint rows by step, prepared once per connection. */
const listQuery = () =>
  prepared('run_checkpoints_list', () =>
    getDb()
      .select({ step: runCheckpoints.step, checkpoint: runCheckpoints.checkpoint, updatedAt: runCheckpoints.updatedAt })
      .from(runCheckpoints)
      .where(eq(runCheckpoints.runId, sql.placeholder('runId')))
      .orderBy(asc(runCheckpoints.step))
      .prepare(),
  );

/** Every checkpoint of the run, by step. */
export function listCheckpoints(runId: string): CheckpointRow[] {
  const rows = listQuery().all({ runId }) as Array<{ step: number; checkpoint: StoredCheckpoint; updatedAt: Date }>;
  const byStep = new Map(rows.map((r) => [r.step, r.checkpoint]));
  return rows.map((r) => ({ ...r, checkpoint: expandCheckpoint(r.checkpoint, (step) => byStep.get(step)) }));
}

/** The checkpoint taken after superstep `step`, if the run has one. */
export function checkpointAt(runId: string, step: number): Checkpoint | undefined {
  const row = storedCheckpointAt(runId, step);
  return row && readCheckpoint(runId, row);
}
