/**
 * The one database connection of the process: better-sqlite3 under drizzle, opened lazily on the
 * first getDb() (never at import time, so `next build` never touches the database), migrated then,
 * and cached on globalThis so dev-mode module reloads do not open a second connection.
 *
 * With DATABASE_URL=postgres://… (or postgresql://) the store is Postgres instead, migrated from
 * db/migrations-pg. SQLite is the default. On Postgres two connections coexist while the store moves
 * to async repositories (db/store): getPgPool(), a `pg` Pool under drizzle's node-postgres driver for
 * the repositories already converted, and getDb(), the synchronous bridge (db/pg-client.ts) for the rest.
 */
import 'server-only';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema';
import { PgSyncClient, postgresUrl } from './pg-client';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpoint';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

interface Holder {
  db: Db;
  /**
   * The SQLite file. With Postgres, where it would be: the secret key file (db/secret-box.ts) is
   * looked for next to it, unless SWITCHYARD_SECRET_KEY is set (it must be when several machines
   * share the database).
   */
  file: string;
  postgres: boolean;
  /** SQLite file databases: the WAL checkpoints' worker thread (db/wal-checkpoint.ts), if it started. */
  checkpointer?: WalCheckpointer | null;
}

const KEY = Symbol.for('switchyard.db');
const POOL = Symbol.for('switchyard.pg-pool');
/** The Pool and its migration (run once, before the first query is handed out). */
interface PoolHolder {
  pool: pg.Pool;
  ready: Promise<void>;
}
type GlobalWithDb = typeof globalThis & { [KEY]?: Holder; [POOL]?: PoolHolder };
const g = globalThis as GlobalWithDb;

/** True when the store is (or will be, on first use) Postgres: the few dialect-specific queries pick their variant by it. */
export function isPostgres(): boolean {
  const held = g[KEY];
  return held ? held.postgres : postgresUrl() !== undefined;
}

/** Where the database lives: $SWITCHYARD_DB, else data/switchyard.db (relative to the working directory). */
function databasePath(): string {
  const configured = process.env.SWITCHYARD_DB?.trim();
  if (configured === ':memory:') return configured;
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), configured || path.join('data', 'switchyard.db'));
}

/** The committed drizzle-kit migrations (db/migrations), resolved from the working directory. */
function migrationsFolder(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'db', 'migrations');
}

/** The database file (and its -wal/-shm companions, which SQLite creates with the same mode) readable by the owner only. */
function createPrivate(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

function open(file: string): { db: Db; checkpointer: WalCheckpointer | null } {
  if (file !== ':memory:') createPrivate(file);
  const sqlite = new Database(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    const db = drizzle({ client: sqlite, schema }) as Db;
    migrate(db, { migrationsFolder: migrationsFolder() });
    return { db, checkpointer: file === ':memory:' ? null : startWalCheckpointer(sqlite, file) };
  } catch (err) {
    sqlite.close();
    throw err;
  }
}

/** The drizzle database, opened and migrated on first use. */
export function getDb(): Db {
  const held = g[KEY];
  if (held) {
    held.checkpointer?.tick();
    return held.db;
  }
  const url = postgresUrl();
  if (url) {
    const db = drizzle({ client: new PgSyncClient(url) as unknown as Database.Database, schema }) as Db;
    g[KEY] = { db, file: databasePath(), postgres: true };
    return db;
  }
  const file = databasePath();
  const { db, checkpointer } = open(file);
  g[KEY] = { db, file, postgres: false, checkpointer };
  return db;
}


/** The file of the open database (`:memory:` for an in-memory one; with Postgres, where the SQLite file would be: the key file's directory); opens it when needed. */
export function databaseFile(): string {
  getDb();
  return g[KEY]!.file;
}

/** The open SQLite database's WAL checkpointer (null: Postgres, in memory, or its worker did not start). */
export function walCheckpointer(): WalCheckpointer | null {
  getDb();
  return g[KEY]!.checkpointer ?? null;
}

/** The committed Postgres migrations (db/migrations-pg), resolved from the working directory. */
function pgMigrationsFolder(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'db', 'migrations-pg');
}

/** Applies db/migrations-pg, one process at a time (web and workers may start together; the bridge's worker takes the same lock). */
async function migratePg(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('switchyard.migrations'))");
    try {
      const { drizzle: pgDrizzle } = await import('drizzle-orm/node-postgres');
      const { migrate: pgMigrate } = await import('drizzle-orm/node-postgres/migrator');
      await pgMigrate(pgDrizzle({ client }), { migrationsFolder: pgMigrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('switchyard.migrations'))");
    }
  } finally {
    client.release();
  }
}

/** Connections of the Pool (PGPOOL_MAX, default 10): each web or worker process holds up to this many. */
function poolMax(): number {
  const n = Number(process.env.PGPOOL_MAX);
  return Number.isSafeInteger(n) && n > 0 ? n : 10;
}

/**
 * The Postgres Pool of the async store (db/store/pg), created on first use and migrated before the
 * promise resolves; cached on globalThis. Throws when DATABASE_URL names no Postgres database.
 */
export async function getPgPool(): Promise<pg.Pool> {
  let held = g[POOL];
  if (!held) {
    const url = postgresUrl();
    if (!url) throw new Error('getPgPool: DATABASE_URL is not a postgres:// URL');
    // The bridge first: opening it migrates synchronously under the migrations lock. Were the Pool
    // holding that lock (awaiting its migration) when the bridge first opened, the bridge would
    // block this thread waiting for the lock and the Pool could never finish: a deadlock until the
    // bridge's timeout. Opened first, the bridge's migration is done before the Pool's begins.
    // (Goes when the last repository leaves the bridge.)
    getDb();
    const pool = new pg.Pool({ connectionString: url, max: poolMax() });
    // An idle connection the server cuts (restart, admin kill) is dropped and replaced by the next
    // checkout; without a listener its error would end the process.
    pool.on('error', (err) => console.error('[db] an idle Postgres connection failed:', err.message));
    // A checked-out connection (a transaction between two statements) is not under that listener:
    // one the server cuts would end the process. Its statements reject on their own, and the Pool
    // drops it on release; this listener only keeps the error from being uncaught.
    pool.on('connect', (client) => client.on('error', (err) => console.error('[db] a Postgres connection in use failed:', err.message)));
    held = { pool, ready: migratePg(pool) };
    g[POOL] = held;
    held.ready.catch(() => {
      // A failed migration is reported to every caller awaiting it; the next call starts over.
      if (g[POOL] === held) delete g[POOL];
      void pool.end().catch(() => {});
    });
  }
  await held.ready;
  return held.pool;
}

/** Ends the Pool (if open); resolves when its connections are closed. */
function endPool(): Promise<void> {
  const held = g[POOL];
  if (!held) return Promise.resolve();
  delete g[POOL];
  return held.ready.then(() => held.pool.end()).catch(() => {});
}

/** Closes the cached connections (tests, shutdown). The next getDb()/getPgPool() opens fresh ones. */
export function closeDb(): void {
  void endPool();
  const held = g[KEY];
  if (!held) return;
  delete g[KEY];
  held.checkpointer?.stop();
  held.db.$client.close();
}

/** As closeDb, resolving once the Pool's connections are closed (before a test stops its server; shutdown). */
export async function closeDbAndPool(): Promise<void> {
  const ended = endPool();
  closeDb();
  await ended;
}
