/**
 * The messages between the server's thread (pool.ts) and a run thread (run-thread.ts). A run is
 * the same job a queue-mode worker takes (../run-job.ts: RunJobData), a cancel names the run as the
 * queue's cancel channel does, and the thread's events come back as the events a queue worker
 * publishes on Redis: the thread's event bus posts them (batched per microtask) instead. The job's
 * launch arguments (run-manager.ts LaunchArgs) are opaque data here, as on the queue.
 */
import type { TraceEvent } from '@/lib/contracts/trace';
import type { RunJobData } from '../queue/jobs';

export type ToThread =
  /** `env`: the server's environment when the run was launched (a thread's copy is taken at its start). */
  | { kind: 'run'; job: RunJobData<object>; env: Record<string, string | undefined> }
  | { kind: 'cancel'; runId: string };

export type FromThread =
  /** The thread loaded its code and takes runs. */
  | { kind: 'ready' }
  /** Events its runs recorded (written to the store), in the order they were published. */
  | { kind: 'events'; events: TraceEvent[] }
  /** The run is no longer executing on the thread (finished, failed, paused, cancelled...). */
  | { kind: 'done'; runId: string }
  /** A store outage stranded a run on the thread (`message`), or the thread took it back (null) (recovery.ts). */
  | { kind: 'stranded'; runId: string; message: string | null }
  /** Runs a store outage stranded on the thread, taken back (written, marked interrupted): resume them. */
  | { kind: 'resume'; runIds: string[] }
  /** The thread's code could not be loaded. */
  | { kind: 'unavailable'; message: string };
