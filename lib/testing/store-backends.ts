/**
 * The backends the store conformance suite (db/store/conformance) runs on: each opens an empty
 * store for one test file, empties it before each test, and closes it after the file. The SQLite
 * one is a fresh file in a temporary directory; the Postgres one a real PostgreSQL
 * (lib/testing/on-postgres.ts), or a skipped suite saying why when PostgreSQL is not installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDb, closeDbAndPool, getDb, getPgPool } from '@/db/client';
import type { Backend } from '@/db/store/conformance';
import { setEnv } from './env';
import { onPostgres } from './on-postgres';

export function sqliteBackend(): Backend {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-store-'));
  let restore = () => {};
  return {
    name: 'sqlite',
    async open() {
      restore = setEnv({ SWITCHYARD_DB: path.join(dir, 'store.db'), DATABASE_URL: undefined });
      getDb();
      return true;
    },
    async empty() {
      const db = getDb();
      db.run(sql`delete from graphs`);
      db.run(sql`delete from users`);
    },
    async close() {
      closeDb();
      restore();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function postgresBackend(): Backend {
  return {
    name: 'postgres',
    async open() {
      // onPostgres sets DATABASE_URL for the file and stops the server after the suite.
      return (await onPostgres()) !== null;
    },
    async empty() {
      await (await getPgPool()).query('truncate graphs, users cascade');
    },
    async close() {
      await closeDbAndPool();
    },
  };
}
