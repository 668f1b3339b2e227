/**
 * The worker side of db/wal-checkpoint.ts: its own better-sqlite3 connection to the database file,
 * running `PRAGMA wal_checkpoint(PASSIVE)` every `intervalMs` and on request ({ id } → { id, busy,
 * log, checkpointed } or { id, error }). PASSIVE copies what it can without waiting for or blocking
 * the other connections' readers and writers.
 * Plain JavaScript, loaded by path from the working directory (no bundler involved).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
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

const timer = setInterval(checkpoint, intervalMs);

parentPort.on('message', (msg) => {
  if (msg?.type === 'checkpoint') parentPort.postMessage({ id: msg.id, ...checkpoint() });
  if (msg?.type === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
parentPort.postMessage({ ready: true });
