/**
 * A run thread's entry (started by pool.ts): takes run jobs from the server's thread and executes
 * them as a queue-mode worker does (../run-job.ts), with this thread's own store connection (a
 * SQLite connection in WAL mode, or a Postgres Pool). The events its runs record are posted back,
 * a microtask's worth at a time; a job's `done` follows its last event on the same port.
 */
import { parentPort } from 'node:worker_threads';
import type { TraceEvent } from '@/lib/contracts/trace';
import { closeDbAndPool, openDatabase } from '@/db/client';
import { setEventSink } from '../event-bus';
import { watchStrandedRuns } from '../recovery';
import { cancelRunHere, executeRunJob, type RunJobData } from '../run-job';
import type { LaunchArgs } from '../run-manager';
import type { FromThread, ToThread } from './protocol';

const port = parentPort!;
const post = (m: FromThread) => port.postMessage(m);

let batch: TraceEvent[] = [];
function postEvents(): void {
  if (!batch.length) return;
  const events = batch;
  batch = [];
  post({ kind: 'events', events });
}
setEventSink((event) => {
  if (!batch.length) queueMicrotask(postEvents);
  batch.push(event);
});

/** The environment the server's thread has (tests change it between runs); a changed database is reopened. */
let dbKey = `${process.env.SWITCHYARD_DB ?? ''}\n${process.env.DATABASE_URL ?? ''}`;
let switching: Promise<void> = Promise.resolve();
function useEnv(env: Record<string, string | undefined>): Promise<void> {
  for (const k of Object.keys(process.env)) if (env[k] === undefined) delete process.env[k];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v;
  const key = `${env.SWITCHYARD_DB ?? ''}\n${env.DATABASE_URL ?? ''}`;
  if (dbKey !== key) switching = switching.then(() => closeDbAndPool()).catch(() => undefined);
  dbKey = key;
  return switching;
}

// A run a store outage strands here is written and marked interrupted by this thread (its unwritten
// steps are in this thread's memory), then resumed by the server's thread (admission, threads).
watchStrandedRuns({
  stranded: (runId, message) => post({ kind: 'stranded', runId, message }),
  released: (runId) => post({ kind: 'stranded', runId, message: null }),
  resume: (runIds) => post({ kind: 'resume', runIds }),
});

port.on('message', (m: ToThread) => {
  if (m.kind === 'cancel') return cancelRunHere(m.runId);
  const { runId } = m.job;
  void useEnv(m.env)
    .then(() => executeRunJob(m.job as RunJobData<LaunchArgs>)) // the launch arguments run-manager.ts handed over
    .catch((err: unknown) => console.error(`[switchyard] run ${runId}: its run thread could not execute it`, err))
    .finally(() => {
      postEvents();
      post({ kind: 'done', runId });
    });
});

// The thread's store connection, opened before it takes runs (a failure is left to the first run to meet).
await openDatabase().catch((err: unknown) => console.error(`[switchyard] a run thread could not open the database yet: ${err instanceof Error ? err.message : String(err)}`));
post({ kind: 'ready' });
