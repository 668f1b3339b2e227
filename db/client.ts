/**
 * The one database connection of the process: better-sqlite3 under drizzle, opened lazily on the
 * first getDb() (never at import time, so `next build` never touches the database), migrated then,
 * and cached on globalThis so dev-mode module reloads do not open a second connection.
 *
 * With DATABASE_URL=postgres://… (or postgresql://) the store is Postgres instead: getPgPool(), a
 * `pg` Pool under drizzle's node-postgres driver, migrated from db/migrations-pg by drizzle's
 * node-postgres migrator, which the async store's Postgres implementation (db/store/pg) queries.
 * getDb() is SQLite only (the synchronous queries under db/store/sqlite.ts); on Postgres it throws.
 * SQLite is the default. openDatabase() and pingDatabase() open (and migrate) whichever it is.
 */
import 'server-only';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema';
import { postgresUrl } from './database-url';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpoint';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

interface Holder {
  db: Db;
  /** The SQLite file (`:memory:` for an in-memory database). */
  file: string;
  /** SQLite file databases: the WAL checkpoints' worker thread (db/wal-checkpoint.ts), if it started. */
  checkpointer?: WalCheckpointer | null;
}

const KEY = Symbol.for('switchyard.db');
const POOL = Symbol.for('switchyard.pg-pool');
/** Pools being ended (closeDb does not wait): closeDbAndPool waits for them too. */
const ENDING = Symbol.for('switchyard.pg-pools-ending');
/** The Pool and its migration (run once, before the first query is handed out). */
interface PoolHolder {
  pool: pg.Pool;
  ready: Promise<void>;
}
type GlobalWithDb = typeof globalThis & { [KEY]?: Holder; [POOL]?: PoolHolder; [ENDING]?: Set<Promise<void>> };
const g = globalThis as GlobalWithDb;

/** True when the store is (or will be, on first use) Postgres (db/store picks its implementation by it); false once SQLite is open. */
export function isPostgres(): boolean {
  return g[KEY] ? false : postgresUrl() !== undefined;
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
    // Other connections write the file too (run threads, queue workers, the WAL checkpointer): a
    // transaction that reads before it writes would fail at once with SQLITE_BUSY when another
    // connection committed in between (WAL snapshots); begun IMMEDIATE it waits its turn (busy_timeout).
    const transaction = db.transaction.bind(db);
    db.transaction = ((fn, config) => transaction(fn, { behavior: 'immediate', ...config })) as typeof db.transaction;
    migrate(db, { migrationsFolder: migrationsFolder() });
    return { db, checkpointer: file === ':memory:' ? null : startWalCheckpointer(sqlite, file) };
  } catch (err) {
    sqlite.close();
    throw err;
  }
}

/**
 * The SQLite database under drizzle, opened and migrated on first use. SQLite only: on Postgres
 * nothing is synchronous, and this throws (use getStore() from db/store).
 */
export function getDb(): Db {
  const held = g[KEY];
  if (held) {
    held.checkpointer?.tick();
    return held.db;
  }
  if (postgresUrl()) throw new Error('getDb() is the SQLite driver; with DATABASE_URL=postgres://… the store is async: use getStore() (db/store)');
  const file = databasePath();
  const { db, checkpointer } = open(file);
  g[KEY] = { db, file, checkpointer };
  return db;
}

/** Opens (and migrates) the database of the process, SQLite or Postgres: at start-up, before anything else uses it. */
export async function openDatabase(): Promise<void> {
  if (isPostgres()) await getPgPool();
  else getDb();
}

/** Readiness: the database opens, is migrated and answers a query (rejects otherwise). */
export async function pingDatabase(): Promise<void> {
  if (isPostgres()) await (await getPgPool()).query('select 1');
  else getDb().$client.prepare('select 1').get();
}

/**
 * The file of the SQLite database (`:memory:` for an in-memory one; opens it when needed). With
 * Postgres, where that file would be: the secret key file (db/secret-box.ts) is looked for next to
 * it, unless SWITCHYARD_SECRET_KEY is set (it must be when several machines share the database).
 */
export function databaseFile(): string {
  if (isPostgres()) return databasePath();
  getDb();
  return g[KEY]!.file;
}

/** The open SQLite database's WAL checkpointer (null: Postgres, in memory, or its worker did not start). */
export function walCheckpointer(): WalCheckpointer | null {
  if (isPostgres()) return null;
  getDb();
  return g[KEY]!.checkpointer ?? null;
}

/** The committed Postgres migrations (db/migrations-pg), resolved from the working directory. */
function pgMigrationsFolder(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'db', 'migrations-pg');
}

/** Applies db/migrations-pg through the Pool (drizzle's node-postgres migrator), one process at a time (web and workers may start together). */
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
    // A database host that does not answer at all (a cut network) fails a connect after 10 s rather
    // than the OS's minutes, so a run's write waits with back-off (db/store/outage.ts); TCP
    // keep-alive finds connections whose far end is gone.
    const pool = new pg.Pool({ connectionString: url, max: poolMax(), connectionTimeoutMillis: 10_000, keepAlive: true });
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

/** Ends the Pool (if open); resolves when its connections, and those of Pools ended before, are closed. */
function endPool(): Promise<void> {
  const held = g[POOL];
  if (!held) return Promise.all(g[ENDING] ?? []).then(() => {});
  delete g[POOL];
  const ending = (g[ENDING] ??= new Set());
  const ended = held.ready.then(() => held.pool.end()).catch(() => {});
  ending.add(ended);
  void ended.then(() => ending.delete(ended));
  // Also every Pool a closeDb() before left ending: its connections are closed when this resolves.
  return Promise.all(ending).then(() => {});
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
