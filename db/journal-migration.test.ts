/**
 * The call-journal migration (SQLite 0014, Postgres 0002) moves the recorded calls of existing runs
 * out of `activities` and `run_calls` into `run_journal` and drops the old tables: a database
 * migrated to the version before, holding rows in both old tables, is migrated to the latest and
 * read back. Postgres runs when installed (lib/testing/postgres-server.ts).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, removeMigrationCopies } from '@/lib/testing/migrations-before';
import { postgresBinDir, startPostgresServer, type PostgresServer } from '@/lib/testing/postgres-server';

afterAll(removeMigrationCopies);

const CHAT = { message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop', usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 }, model: 'm', latency_ms: 5 };
const FAILED_TOOL = { output: '', error: 'HTTP 500' };
const TOOL = { output: 'posted' };

/** The old rows: two calls in both tables (run_calls written in reverse key order), one only in activities (an older run). */
const OLD_ROWS = [
  `INSERT INTO graphs (id, name, document) VALUES ('g', 'g', '{}')`,
  `INSERT INTO runs (id, graph_id, graph_name, status, input) VALUES ('r', 'g', 'g', 'paused', 'go')`,
  `INSERT INTO activities (run_id, key, kind, result, created_at) VALUES ('r', 's1.g0/a.0#0', 'llm', '${JSON.stringify(CHAT)}', 1000)`,
  `INSERT INTO activities (run_id, key, kind, result, created_at) VALUES ('r', 's1.g0/a.0#1', 'tool', '${JSON.stringify(FAILED_TOOL)}', 2000)`,
  `INSERT INTO activities (run_id, key, kind, result, created_at) VALUES ('r', 's2.g0/b.0#0', 'tool', '${JSON.stringify(TOOL)}', 3000)`,
  `INSERT INTO run_calls (run_id, key, kind, node, request_hash, result) VALUES ('r', 's1.g0/a.0#1', 'tool', 'a', 'h2', '${JSON.stringify(FAILED_TOOL)}')`,
  `INSERT INTO run_calls (run_id, key, kind, node, request_hash, result) VALUES ('r', 's1.g0/a.0#0', 'llm', 'a', 'h1', '${JSON.stringify(CHAT)}')`,
];

const EXPECTED = [
  { key: 's1.g0/a.0#1', kind: 'tool', node: 'a', request_hash: 'h2', result: FAILED_TOOL, error: 'HTTP 500', usage: null, created_at: 2000 },
  { key: 's1.g0/a.0#0', kind: 'llm', node: 'a', request_hash: 'h1', result: CHAT, error: null, usage: CHAT.usage, created_at: 1000 },
  { key: 's2.g0/b.0#0', kind: 'tool', node: '', request_hash: null, result: TOOL, error: null, usage: null, created_at: 3000 },
];

interface Row {
  key: string;
  kind: string;
  node: string;
  request_hash: string | null;
  result: string;
  error: string | null;
  usage: string | null;
  created_at: number | string;
}

const readable = (rows: Row[]) =>
  rows.map((r) => ({ ...r, result: JSON.parse(r.result), usage: r.usage === null ? null : JSON.parse(r.usage), created_at: Number(r.created_at) }));

const SELECT = 'SELECT key, kind, node, request_hash, result, error, usage, created_at FROM run_journal ORDER BY id';

describe('call journal migration', () => {
  it('SQLite: moves activities and run_calls rows into run_journal in recording order, then drops both tables', () => {
    const folder = path.join(process.cwd(), 'db', 'migrations');
    const sqlite = new Database(':memory:');
    const db = drizzle({ client: sqlite });
    migrate(db, { migrationsFolder: migrationsBefore(folder, '0014_call_journal') });
    for (const q of OLD_ROWS) sqlite.exec(q);
    migrate(db, { migrationsFolder: folder });
    expect(readable(sqlite.prepare(SELECT).all() as Row[])).toEqual(EXPECTED);
    const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toContain('run_journal');
    expect(tables).not.toContain('activities');
    expect(tables).not.toContain('run_calls');
    // The run's rows go with it (ON DELETE CASCADE).
    sqlite.pragma('foreign_keys = ON');
    sqlite.exec(`DELETE FROM runs WHERE id = 'r'`);
    expect(sqlite.prepare('SELECT count(*) AS n FROM run_journal').get()).toEqual({ n: 0 });
    sqlite.close();
  });

  let server: PostgresServer | undefined;
  afterAll(async () => server?.stop());

  it.skipIf(!postgresBinDir())('Postgres: the same rows, the same order, the old tables dropped', async () => {
    server = await startPostgresServer();
    const client = new pg.Client({ connectionString: server.createDatabase('journal_migration') });
    await client.connect();
    try {
      const db = pgDrizzle({ client });
      const folder = path.join(process.cwd(), 'db', 'migrations-pg');
      await pgMigrate(db, { migrationsFolder: migrationsBefore(folder, '0002_call_journal') });
      for (const q of OLD_ROWS) await client.query(q);
      await pgMigrate(db, { migrationsFolder: folder });
      expect(readable((await client.query<Row>(SELECT)).rows)).toEqual(EXPECTED);
      const { rows } = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
      const tables = rows.map((t) => t.tablename);
      expect(tables).toContain('run_journal');
      expect(tables).not.toContain('activities');
      expect(tables).not.toContain('run_calls');
      // An id left out comes from the sequence, after the copied rows'.
      await client.query(`INSERT INTO run_journal (id, run_id, key, kind, node, result) VALUES (NULL, 'r', 'k', 'tool', 'a', '{}')`);
      expect((await client.query<{ id: string }>(`SELECT id FROM run_journal WHERE key = 'k'`)).rows[0].id).toBe('4');
    } finally {
      await client.end();
    }
  });
});
