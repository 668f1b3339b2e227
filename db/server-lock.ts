/**
 * "A server is using this database" as a lock the operating system or Postgres holds (issue 21
 * item 6), so that `npm run rotate-key` refuses while a server (or queue worker) runs instead of
 * leaving its connections undecryptable:
 * - SQLite: the file `<database>.server-lock` next to the database. Each server process keeps a
 *   read transaction open on it (SQLite's SHARED lock, a POSIX file lock: several servers may hold
 *   it, and it goes away with the process, even after `kill -9`). rotate-key takes it EXCLUSIVE
 *   without waiting, which fails while any server holds it.
 * - Postgres: a session-level advisory lock, shared by each server process on a connection of its
 *   own, exclusive (try, no wait) for rotate-key. Postgres drops it when the connection ends.
 * A server starting while a rotation holds the lock refuses to start (the rotation takes seconds).
 * No server-only modules here: scripts/rotate-key.ts (via db/maintenance.ts) uses it too.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { postgresUrl } from './database-url';

/** The advisory lock's key: one per Postgres database (advisory locks are per database). */
const PG_LOCK = "hashtext('switchyard.server-running')";

export function serverLockFile(dbFile: string): string {
  return `${dbFile}.server-lock`;
}

export class LockBusyError extends Error {}

const busy = (err: unknown) => (err as { code?: string } | null)?.code === 'SQLITE_BUSY';

const rotating = (where: string) =>
  new LockBusyError(`a key rotation (npm run rotate-key) holds ${where}: start the server after it has finished`);

interface Held {
  release(): Promise<void>;
}

const KEY = Symbol.for('switchyard.server-lock');
type G = typeof globalThis & { [KEY]?: Map<string, Promise<Held>> };

function holdSqlite(dbFile: string): Held {
  const file = serverLockFile(dbFile);
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 0');
    db.exec('BEGIN');
    db.prepare('select count(*) from sqlite_master').get(); // the SHARED lock, held until the transaction ends
  } catch (err) {
    db.close();
    if (busy(err)) throw rotating(file);
    throw err;
  }
  return { release: async () => void db.close() };
}

async function holdPg(url: string): Promise<Held> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'switchyard server lock' });
    c.on('error', () => undefined); // a lost connection: dropped below, taken again
    await c.connect();
    const { rows } = await c.query(`select pg_try_advisory_lock_shared(${PG_LOCK}) as ok`);
    if (!rows[0]?.ok) {
      await c.end().catch(() => undefined);
      throw rotating('the database');
    }
    (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    c.once('end', () => {
      if (client !== c || stopped) return;
      client = null;
      // Postgres went away (a restart): take the lock again once it is back.
      const again = () => {
        if (stopped) return;
        connect().catch(() => {
          retry = setTimeout(again, 2000);
          retry.unref();
        });
      };
      again();
    });
    client = c;
  };
  await connect();
  return {
    async release() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Takes this process's share of the lock for the configured database (once per database; a server
 * start calls it). Throws LockBusyError while a key rotation runs.
 */
export function holdServerLock(dbFile: string, env: Record<string, string | undefined> = process.env): Promise<void> {
  const url = postgresUrl(env);
  if (!url && dbFile === ':memory:') return Promise.resolve(); // a database no other process can open
  const id = url ?? dbFile;
  const held = ((globalThis as G)[KEY] ??= new Map());
  let lock = held.get(id);
  if (!lock) {
    lock = url ? holdPg(url) : Promise.resolve().then(() => holdSqlite(dbFile));
    held.set(id, lock);
    lock.catch(() => held.delete(id));
  }
  return lock.then(() => undefined);
}

/** Lets go of every lock this process holds (tests; a process that exits drops them anyway). */
export async function releaseServerLocks(): Promise<void> {
  const held = (globalThis as G)[KEY];
  if (!held) return;
  const locks = [...held.values()];
  held.clear();
  await Promise.all(locks.map((l) => l.then((h) => h.release()).catch(() => undefined)));
}

const serverRunning = (where: string) =>
  new LockBusyError(`a Switchyard server (or queue worker) is running on ${where}: stop it first, then run this again`);

/** Runs `body` holding the lock exclusively; throws LockBusyError when a server holds its share. */
export async function withExclusiveServerLock<T>(dbFile: string, env: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
  const url = postgresUrl(env);
  if (url) {
    const c = new pg.Client({ connectionString: url, application_name: 'switchyard rotate-key' });
    c.on('error', () => undefined);
    await c.connect();
    try {
      const { rows } = await c.query(`select pg_try_advisory_lock(${PG_LOCK}) as ok`);
      if (!rows[0]?.ok) throw serverRunning('this Postgres database');
      return await body();
    } finally {
      await c.end().catch(() => undefined);
    }
  }
  const file = serverLockFile(dbFile);
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 0');
    try {
      db.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      if (busy(err)) throw serverRunning(dbFile);
      throw err;
    }
    return await body();
  } finally {
    db.close();
  }
}
