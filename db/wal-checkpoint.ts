/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the commit that
 * takes the WAL past 1,000 pages, copying them into the database file: a millisecond-scale pause in
 * whatever run step or request made that commit (it was most of bench:sse's p99). Instead the
 * process's connection turns it off (`wal_autocheckpoint = 0`) and a worker thread with its own
 * connection (db/wal-checkpoint-worker.mjs) runs `PRAGMA wal_checkpoint(PASSIVE)` every
 * SWITCHYARD_WAL_CHECKPOINT_MS (default 100): PASSIVE never waits for or blocks readers and writers,
 * and once the WAL is all copied the next commit writes it again from its start, so the file stays small.
 *
 * Under a sustained stream of commits that restart never comes: every checkpoint finds new frames
 * appended while it copied, and the WAL would grow without end (hundreds of MB a second in
 * bench:engine, every commit slower for it). The worker notices (the WAL past 1,000 pages and still
 * growing since its last look) and raises a flag in shared memory; the connection, on its next use,
 * then checkpoints in its own commits again,
 * as SQLite does by default, for HOLD_MS after the last such report, while the worker pauses its own
 * (two checkpointers only make each other busy). If the worker cannot start or
 * fails, the automatic checkpoint is switched back on for good.
 */
import type Database from 'better-sqlite3';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export const DEFAULT_WAL_CHECKPOINT_MS = 100;
/** SQLite's default; also the WAL size past which a still-growing WAL means the worker cannot keep up. */
const AUTOCHECKPOINT_PAGES = 1000;
/** How long the connection checkpoints itself after the worker last found the WAL growing. */
const HOLD_MS = 5000;
/** The two flags shared with the worker (indexes into one Int32Array). */
const BEHIND = 0;
const HELD = 1;

export interface CheckpointResult {
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames copied into the database file (all of them: `checkpointed === log`). */
  checkpointed: number;
}

export interface WalCheckpointer {
  /** A checkpoint now (tests, maintenance): what the worker's PASSIVE checkpoint reported. */
  checkpointNow(): Promise<CheckpointResult>;
  /** The worker's periodic look (a checkpoint, and the check whether the WAL keeps growing) now: tests. */
  lookNow(): Promise<CheckpointResult>;
  /**
   * Called on each use of the connection (db/client.ts getDb): while the worker reports that it
   * falls behind, and for HOLD_MS after, the connection checkpoints in its own commits.
   */
  tick(): void;
  /** Stops the worker; the connection's automatic checkpoint is not switched back on (it is closing). */
  stop(): void;
}

function intervalMs(env: Record<string, string | undefined>): number {
  const n = Number(env.SWITCHYARD_WAL_CHECKPOINT_MS?.trim() || NaN);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_WAL_CHECKPOINT_MS;
}

/**
 * Moves the checkpoints of `sqlite` (a WAL-mode connection to `file`) to a worker thread. Null
 * when the worker could not be created: the connection keeps its automatic checkpoint.
 */
export function startWalCheckpointer(
  sqlite: Database.Database,
  file: string,
  env: Record<string, string | undefined> = process.env,
  opts: { holdMs?: number } = {},
): WalCheckpointer | null {
  // Loaded by path from the working directory: no bundler involved.
  const workerFile = path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'db', 'wal-checkpoint-worker.mjs');
  // Shared with the worker. BEHIND: set to 1 by the worker when it falls behind; read by tick() on
  // the connection's thread, which may be too busy to take a message (a run of in-memory steps never
  // yields to the event loop). HELD: 1 while the connection checkpoints itself (the hold): the
  // worker then makes no periodic checkpoint.
  const flags = new Int32Array(new SharedArrayBuffer(8));
  let worker: Worker;
  try {
    worker = new Worker(workerFile, { workerData: { file, intervalMs: intervalMs(env), behindPages: AUTOCHECKPOINT_PAGES, flags, slots: { BEHIND, HELD } } });
  } catch {
    return null;
  }
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  let seq = 0;
  /** Until when the connection checkpoints itself (the worker fell behind); 0: it does not. */
  let holdUntil = 0;
  const waiting = new Map<number, { resolve(r: CheckpointResult): void; reject(e: Error): void }>();
  const fail = (err: Error) => {
    if (!stopped && sqlite.open) {
      sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
      console.warn(`[switchyard] WAL checkpoints: the worker thread failed (${err.message}); SQLite's automatic checkpoint is on again`);
    }
    stopped = true;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  // An uncaught error in the worker arrives as a copy that may have lost its message (the worker says why it stops in a `fatal` message).
  worker.on('error', (err: unknown) => fail(new Error(err instanceof Error ? err.message : JSON.stringify(err))));
  worker.on('exit', () => fail(new Error('the WAL checkpoint worker stopped')));
  worker.on('message', (msg: { id?: number; error?: string; fatal?: string } & Partial<CheckpointResult>) => {
    if (msg.fatal !== undefined) return fail(new Error(msg.fatal));
    const w = msg.id === undefined ? undefined : waiting.get(msg.id);
    if (!w || msg.id === undefined) return;
    waiting.delete(msg.id);
    if (msg.error !== undefined) w.reject(new Error(msg.error));
    else w.resolve({ busy: msg.busy ?? 0, log: msg.log ?? 0, checkpointed: msg.checkpointed ?? 0 });
  });

  const ask = (type: 'checkpoint' | 'look'): Promise<CheckpointResult> => {
    if (stopped) return Promise.reject(new Error('the WAL checkpoint worker is not running'));
    const id = ++seq;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ type, id });
    });
  };

  return {
    checkpointNow: () => ask('checkpoint'),
    lookNow: () => ask('look'),
    tick() {
      if (Atomics.load(flags, BEHIND) === 1) {
        Atomics.store(flags, BEHIND, 0);
        if (stopped || !sqlite.open) return;
        if (!holdUntil) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
        holdUntil = Date.now() + (opts.holdMs ?? HOLD_MS);
        Atomics.store(flags, HELD, 1);
      } else if (holdUntil && Date.now() > holdUntil) {
        holdUntil = 0;
        Atomics.store(flags, HELD, 0);
        if (!stopped && sqlite.open) sqlite.pragma('wal_autocheckpoint = 0');
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage({ type: 'stop' });
      for (const w of waiting.values()) w.reject(new Error('the WAL checkpoint worker was stopped'));
      waiting.clear();
    },
  };
}
