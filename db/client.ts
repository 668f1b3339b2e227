/**
 * The one database connection of the process: better-sqlite3 under drizzle, opened lazily on the
 * first getDb() (never at import time, so `next build` never touches the database), migrated then,
 * and cached on globalThis so dev-mode module reloads do not open a second connection.
 *
 * With DATABASE_URL=postgres://… (or postgresql://) the store is Postgres instead: the same drizzle
 * query layer over db/pg-client.ts, migrated from db/migrations-pg. SQLite is the default.
 */
import 'server-only';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
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
type GlobalWithDb = typeof globalThis & { [KEY]?: Holder };
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

/** Closes the cached connection (tests, shutdown). The next getDb() opens a fresh one. */
export function closeDb(): void {
  const held = g[KEY];
  if (!held) return;
  delete g[KEY];
  held.checkpointer?.stop();
  held.db.$client.close();
}
