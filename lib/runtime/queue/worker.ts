/**
 * Queue mode, the worker side (`npm run worker`, scripts/worker.ts): a BullMQ worker takes run jobs
 * (jobs.ts) and executes them as ../run-job.ts does (the job boundary run threads share), up to
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
import { maxConcurrentRuns, queueConfig } from '../config';
import type { LaunchArgs } from '../run-manager';
import { watchStrandedRuns } from '../recovery';
import { cancelRunHere, executeRunJob } from '../run-job';
import type { RunJobData } from './jobs';
import { closeQueueConnections, queueConnections, redisClient } from './connections';
import { CANCEL_CHANNEL, PREFIX, RUN_QUEUE, cancelKey } from './names';
import { subscribeChannel } from './redis-bus';

export interface RunWorker {
  id: string;
  close(): Promise<void>;
}

async function processJob(url: string, job: Job<RunJobData<LaunchArgs>>): Promise<void> {
  await executeRunJob(job.data, queueConnections(url).publisher.exists(cancelKey(job.data.runId)).then((n) => n > 0));
}

export async function startRunWorker(opts: { concurrency?: number } = {}): Promise<RunWorker> {
  const config = queueConfig();
  if (!config) throw new Error('SWITCHYARD_QUEUE is not set: a worker needs the redis:// URL of the queue.');
  await openDatabase(); // opens the shared database (and applies pending migrations)
  await holdServerLock(isPostgres() ? '' : databaseFile()); // npm run rotate-key refuses while we run (db/server-lock.ts)
  const cancels = subscribeChannel(config.url, CANCEL_CHANNEL, cancelRunHere);
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
