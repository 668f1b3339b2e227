/**
 * Queue mode, the worker side (`npm run worker`, scripts/worker.ts): a BullMQ worker takes run jobs
 * (jobs.ts) and executes them with the run manager's `executeRun`, up to
 * SWITCHYARD_MAX_CONCURRENT_RUNS at once. It listens to the cancel channel: a cancel of a run it
 * holds aborts it. A job a dead worker held (SIGKILL, a lost machine) is found stalled once its lock
 * (SWITCHYARD_QUEUE_LOCK_MS) expired and is taken by another worker, which continues the run from its
 * last checkpoint; the calls the dead worker finished are recalled from the call journal
 * (db/journal.ts), never made again.
 */
import 'server-only';
import { Worker, type Job } from 'bullmq';
import { databaseFile, isPostgres, openDatabase } from '@/db/client';
import { holdServerLock } from '@/db/server-lock';
import { getStore } from '@/db/store';
import { AppError } from '@/lib/errors';
import { RUN_SPAN_ID } from '@/lib/contracts/trace';
import { maxConcurrentRuns, queueConfig } from '../config';
import { recordRunEvent } from '../event-recorder';
import { runtimeState } from '../globals';
import { executeRun, type LaunchArgs } from '../run-manager';
import { watchStrandedRuns } from '../recovery';
import { argsToExecute } from './resume-point';
import type { RunJobData } from './jobs';
import { closeQueueConnections, queueConnections, redisClient } from './connections';
import { CANCEL_CHANNEL, PREFIX, RUN_QUEUE, cancelKey } from './names';
import { subscribeChannel } from './redis-bus';

export interface RunWorker {
  id: string;
  close(): Promise<void>;
}

/** Runs a cancel message named lately (a message may overtake the cancel key's read: processJob). */
const cancelledLately = new Set<string>();

function onCancel(runId: string): void {
  cancelledLately.add(runId);
  setTimeout(() => cancelledLately.delete(runId), 60_000).unref();
  runtimeState().active.get(runId)?.controller.abort(new AppError('cancelled', 'The run was cancelled.'));
}

async function processJob(url: string, job: Job<RunJobData<LaunchArgs>>): Promise<void> {
  const { runId, document, args } = job.data;
  const cancelled = await queueConnections(url).publisher.exists(cancelKey(runId));
  const store = getStore();
  const run = await store.runs.get(runId);
  // Gone (graph deleted), finished, or cancelled while queued by a web process: nothing to do.
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  const from = (await store.checkpoints.latest(runId)) ?? undefined;
  // From here to executeRun (which lists the run as active for onCancel) nothing awaits: a cancel
  // that arrived while the row was read is in cancelledLately.
  if (cancelled || cancelledLately.has(runId)) {
    await recordRunEvent(runId, { type: 'run.cancelled', step: 0, span_id: RUN_SPAN_ID, data: { reason: 'cancelled while queued' } });
    return;
  }
  await executeRun(run, document, argsToExecute(args, from));
}

export async function startRunWorker(opts: { concurrency?: number } = {}): Promise<RunWorker> {
  const config = queueConfig();
  if (!config) throw new Error('SWITCHYARD_QUEUE is not set: a worker needs the redis:// URL of the queue.');
  await openDatabase(); // opens the shared database (and applies pending migrations)
  await holdServerLock(isPostgres() ? '' : databaseFile()); // npm run rotate-key refuses while we run (db/server-lock.ts)
  const cancels = subscribeChannel(config.url, CANCEL_CHANNEL, onCancel);
  await cancels.ready;
  watchStrandedRuns(); // a run a store outage stops is resumed (re-queued) once the database is back
  const connection = redisClient(config.url, 'worker');
  const worker = new Worker<RunJobData<LaunchArgs>>(RUN_QUEUE, (job) => processJob(config.url, job), {
    connection,
    prefix: PREFIX,
    concurrency: opts.concurrency ?? maxConcurrentRuns(),
    lockDuration: config.lockMs,
    stalledInterval: config.stalledMs,
    // A run is resumed from its checkpoint however many workers died holding it.
    maxStalledCount: 1_000,
  });
  worker.on('error', (err) => console.error(`[switchyard] worker: ${err.message}`));
  await worker.waitUntilReady();
  return {
    id: worker.id,
    async close() {
      await worker.close();
      cancels();
      connection.disconnect();
      await closeQueueConnections();
    },
  };
}
