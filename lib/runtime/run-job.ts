/**
 * The run job boundary shared by the two executors that run a run outside the code that started it:
 * a queue-mode worker process (queue/worker.ts, the job a BullMQ job) and a run thread of the
 * single-process server (threads/run-thread.ts, the job a message from threads/pool.ts). A job
 * carries the run's id, the document to run and the launch arguments (queue/jobs.ts RunJobData);
 * the executor reads the run's row and latest checkpoint itself, records the run's events with its
 * own store connection, and publishes them on the event bus (over Redis, or posted to the server's
 * thread). A cancel is a message naming the run (cancelRunHere); one that arrives before the job
 * starts is remembered for a minute, so the job records `cancelled while queued` instead of running.
 */
import 'server-only';
import { getStore } from '@/db/store';
import { AppError } from '@/lib/errors';
import { RUN_SPAN_ID } from '@/lib/contracts/trace';
import { recordRunEvent } from './event-recorder';
import { runtimeState } from './globals';
import { executeRun, type LaunchArgs } from './run-manager';
import { argsToExecute } from './queue/resume-point';
import type { RunJobData } from './queue/jobs';

export type { RunJobData };

/** Runs a cancel message named lately (a message may overtake the job's start: executeRunJob). */
const cancelledLately = new Set<string>();

/** A cancel message for `runId`: aborts the run if it executes here, and remembers it for a job about to start. */
export function cancelRunHere(runId: string): void {
  cancelledLately.add(runId);
  setTimeout(() => cancelledLately.delete(runId), 60_000).unref();
  runtimeState().active.get(runId)?.controller.abort(new AppError('cancelled', 'The run was cancelled.'));
}

/**
 * Executes a run job here: nothing when the run is gone (graph deleted), finished, or cancelled
 * while queued by another process; `cancelled while queued` when a cancel came first (`cancelled`:
 * what the executor knows besides the messages, e.g. queue mode's cancel key); else the run from
 * where the job says, or from its last checkpoint when it got past that (a job taken over from an
 * executor that died). Resolves once the run is no longer executing here.
 */
export async function executeRunJob(job: RunJobData<LaunchArgs>, cancelled: Promise<boolean> | boolean = false): Promise<void> {
  const { runId, document, args } = job;
  const wasCancelled = await cancelled;
  const store = getStore();
  const run = await store.runs.get(runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  const from = (await store.checkpoints.latest(runId)) ?? undefined;
  // From here to executeRun (which lists the run as active for cancelRunHere) nothing awaits: a
  // cancel that arrived while the row was read is in cancelledLately.
  if (wasCancelled || cancelledLately.has(runId)) {
    await recordRunEvent(runId, { type: 'run.cancelled', step: 0, span_id: RUN_SPAN_ID, data: { reason: 'cancelled while queued' } });
    return;
  }
  await executeRun(run, document, argsToExecute(args, from));
}
