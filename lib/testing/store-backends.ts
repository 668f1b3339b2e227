/**
 * The backends the store conformance suite (db/store/conformance) runs on: each opens an empty
 * store for one test file, empties it before each test, and closes it after the file. The SQLite
 * one is a fresh file in a temporary directory; the Postgres one a real PostgreSQL
 * (lib/testing/on-postgres.ts), or a skipped suite saying why when PostgreSQL is not installed.
 * Both seal secrets with a fresh SWITCHYARD_SECRET_KEY (no key file is written).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDb, closeDbAndPool, getDb, getPgPool } from '@/db/client';
import type { Backend } from '@/db/store/conformance';
import { newKeyText } from '@/db/secret-box';
import { setEnv } from './env';
import { onPostgres } from './on-postgres';
import { rawSql } from './raw-sql';

export function sqliteBackend(): Backend {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-store-'));
  let restore = () => {};
  return {
    name: 'sqlite',
    async open() {
      restore = setEnv({ SWITCHYARD_DB: path.join(dir, 'store.db'), DATABASE_URL: undefined, SWITCHYARD_SECRET_KEY: newKeyText() });
      getDb();
      return true;
    },
    async empty() {
      const db = getDb();
      for (const table of EMPTIED) db.run(sql.raw(`delete from ${table}`));
      db.run(sql.raw(`delete from workspaces where id <> 'default'`));
    },
    rows: (query) => rawSql(query),
    async reopen() {
      closeDb();
      getDb();
    },
    async close() {
      closeDb();
      restore();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Emptied before each spec; graph versions and tests, sessions, accounts and keys go by cascade; then every workspace but Default. */
const EMPTIED = ['graphs', 'users', 'connections', 'mcp_servers', 'page_cache', 'meta', 'threads', 'sign_in_failures', 'conversations', 'knowledge_bases'];

export function postgresBackend(): Backend {
  let restore = () => {};
  return {
    name: 'postgres',
    async open() {
      restore = setEnv({ SWITCHYARD_SECRET_KEY: newKeyText() });
      // onPostgres sets DATABASE_URL for the file and stops the server after the suite.
      return (await onPostgres()) !== null;
    },
    async empty() {
      await (await getPgPool()).query(`truncate ${EMPTIED.join(', ')}, workspaces cascade`);
      await (await getPgPool()).query(`insert into workspaces (id, name) values ('default', 'Default')`);
    },
    rows: (query) => rawSql(query),
    async reopen() {
      await closeDbAndPool();
    },
    async close() {
      await closeDbAndPool();
      restore();
    },
  };
}
