/**
 * The worker side of db/wal-checkpoint.ts: its own better-sqlite3 connection to the database file,
 * running `PRAGMA wal_checkpoint(PASSIVE)` every `intervalMs` (a look) and on request
 * ({ type: 'checkpoint' | 'look', id } → { id, busy, log, checkpointed } or { id, error }). PASSIVE copies what it can without waiting for or blocking
 * the other connections' readers and writers. When a periodic checkpoint finds the WAL at
 * `behindPages` or more, larger than at the previous one and not written from its start again in
 * between (the same salts in its header: commits never stopped long enough), it sets the flag
 * `flags[slots.BEHIND]` (shared memory) to 1. While `flags[slots.HELD]` is 1 (the connection checkpoints itself) it makes no
 * periodic checkpoint.
 * Plain JavaScript, loaded by path from the working directory (no bundler involved).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs, behindPages, flags, slots } = workerData;
let db;
try {
  db = new Database(file, { fileMustExist: true });
  // Never wait for a lock: a checkpoint that cannot run now runs at the next tick.
  db.pragma('busy_timeout = 0');
} catch (err) {
  // Said in a message: an uncaught error reaches the main thread without its message.
  parentPort.postMessage({ fatal: `${err?.code ?? 'error'}: ${err instanceof Error ? err.message : String(err)}` });
  process.exit(1);
}

function checkpoint() {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    return { busy: r.busy, log: r.log, checkpointed: r.checkpointed };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The WAL header's salts (bytes 16–23), which change each time the WAL is written from its start
 * again; null when there is no WAL file.
 */
let walFd = null;
const salts = Buffer.alloc(8);
function walSalts() {
  try {
    walFd ??= openSync(`${file}-wal`, 'r');
    return readSync(walFd, salts, 0, 8, 16) === 8 ? salts.toString('hex') : null;
  } catch {
    return null;
  }
}

/** The WAL at the previous periodic checkpoint: its frames and its salts. */
let last = { log: 0, salts: null };
/** The periodic checkpoint, and whether the WAL keeps growing. */
function look() {
  const r = checkpoint();
  if (r.log === undefined) return r;
  const now = { log: r.log, salts: walSalts() };
  // Large at the last look, larger now, and not written from its start since: commits never paused long enough.
  if (last.log >= behindPages && now.log > last.log && now.salts !== null && now.salts === last.salts) Atomics.store(flags, slots.BEHIND, 1);
  last = now;
  return r;
}
// While the connection checkpoints in its own commits (`flags[slots.HELD]`, set by db/wal-checkpoint.ts), the
// worker stays out of its way: two checkpointers only make each other busy, and the WAL grows meanwhile.
const timer = setInterval(() => {
  if (Atomics.load(flags, slots.HELD) === 1) last = { log: 0, salts: null };
  else look();
}, intervalMs);

parentPort.on('message', (msg) => {
  if (msg?.type === 'checkpoint') parentPort.postMessage({ id: msg.id, ...checkpoint() });
  if (msg?.type === 'look') parentPort.postMessage({ id: msg.id, ...look() });
  if (msg?.type === 'stop') {
    clearInterval(timer);
    if (walFd !== null) closeSync(walFd);
    db.close();
    parentPort.close();
  }
});
parentPort.postMessage({ ready: true });
