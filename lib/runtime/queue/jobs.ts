/**
 * Queue mode, the web side: a run start or resume becomes a BullMQ job on the `switchyard-runs`
 * queue (a worker executes it: worker.ts), a cancel removes a job no worker took yet or tells every
 * worker over Redis pub/sub (the one holding the run aborts it), and `waitUntilSettled` waits for a
 * run another process executes. The job carries the run's id, the document to run and the launch
 * arguments (input, checkpoint, resume value), as JSON.
 */
import 'server-only';
import { settlesRun } from '@/lib/contracts/trace';
import type { GraphDocument } from '@/lib/graph/schema';
import { getStore } from '@/db/store';
import { subscribe } from '../event-bus';
import { CANCEL_CHANNEL, cancelKey, jobKey } from './names';

/** The Redis clients, loaded on first use (a process not in queue mode never loads them). */
const connections = () => import('./connections');

export interface RunJobData<Args = Record<string, unknown>> {
  runId: string;
  document: GraphDocument;
  args: Args;
}

const DAY_S = 24 * 3600;

/** Puts a run on the queue (its row says `queued` until a worker takes it). */
export async function enqueueRun(url: string, data: RunJobData<object>): Promise<void> {
  const { queueConnections, runQueue } = await connections();
  const job = await runQueue(url).add('run', data as RunJobData, { removeOnComplete: true, removeOnFail: 1000 });
  await queueConnections(url).publisher.set(jobKey(data.runId), job.id!, 'EX', 7 * DAY_S);
}

/**
 * Cancels a queued or running run of the queue: 'removed' when its job was still waiting (the
 * caller records the cancel), else 'signalled' (the worker holding it, or the next one to take it,
 * records it).
 */
export async function cancelQueuedRun(url: string, runId: string): Promise<'removed' | 'signalled'> {
  const { queueConnections, runQueue } = await connections();
  const { publisher } = queueConnections(url);
  const id = await publisher.get(jobKey(runId));
  const job = id ? await runQueue(url).getJob(id) : undefined;
  if (job && ['waiting', 'delayed', 'prioritized'].includes(await job.getState())) {
    const removed = await job.remove().then(
      () => true,
      () => false, // a worker locked it meanwhile: signal it instead
    );
    if (removed) return 'removed';
  }
  await publisher.set(cancelKey(runId), '1', 'EX', DAY_S); // for a worker about to take the job
  await publisher.publish(CANCEL_CHANNEL, runId);
  return 'signalled';
}

const ACTIVE_STATUSES = new Set(['queued', 'running']);

/**
 * Resolves once the run is no longer queued or running (finished, failed, paused...) whichever
 * process executes it, or when `signal` aborts. Listens to the run's events, then reads its row.
 */
export function waitUntilSettled(runId: string, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      unsubscribe();
      signal?.removeEventListener('abort', check);
      resolve();
    };
    const check = () => {
      if (done) return;
      if (signal?.aborted) return settle();
      getStore()
        .runs.get(runId)
        .then(
          (row) => {
            if (!(row && ACTIVE_STATUSES.has(row.status) && !signal?.aborted)) settle();
          },
          settle, // the store is unreachable: stop waiting rather than hang
        );
    };
    const unsubscribe = subscribe(runId, (e) => {
      if (settlesRun(e.type)) check();
    });
    signal?.addEventListener('abort', check, { once: true });
    void unsubscribe.ready.then(check, check);
  });
}
