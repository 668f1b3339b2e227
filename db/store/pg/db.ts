/**
 * drizzle over the Postgres Pool (db/client.ts getPgPool), with the Postgres schema (db/schema-pg):
 * the native store's connection. Rows have the types of db/schema's (Date, boolean, parsed JSON).
 */
import 'server-only';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { getPgPool } from '../../client';

export type PgDb = NodePgDatabase;
/** The database or an open transaction. */
export type PgConn = PgDb | Parameters<Parameters<PgDb['transaction']>[0]>[0];

const byPool = new WeakMap<pg.Pool, PgDb>();

/** The drizzle database over the (migrated) Pool. */
export async function pgDb(): Promise<PgDb> {
  const pool = await getPgPool();
  let db = byPool.get(pool);
  if (!db) {
    db = drizzle({ client: pool });
    byPool.set(pool, db);
  }
  return db;
}

const preparedByDb = new WeakMap<PgDb, Map<string, unknown>>();

/**
 * A query of the hot paths (lookups by key, an API key per request) built and named once per Pool:
 * drizzle does not build its SQL again, and each connection parses and plans it once (a named
 * statement). Transactions use plain queries (they run on their own connection).
 */
export async function preparedQuery<T>(name: string, build: (db: PgDb) => T): Promise<T> {
  const db = await pgDb();
  let held = preparedByDb.get(db);
  if (!held) {
    held = new Map();
    preparedByDb.set(db, held);
  }
  if (!held.has(name)) held.set(name, build(db));
  return held.get(name) as T;
}

/** The SQLSTATE of a Postgres error, also when drizzle wraps it (DrizzleQueryError's `cause`). */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | null, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique constraint refused the write (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}
