/**
 * The workspaces migration (SQLite 0016, Postgres 0004): a database at the version before, holding
 * users, a graph with a run, a thread and an API key, is migrated to the latest: everything lands in
 * the "Default" workspace, whose members are all existing users with their current role (their
 * default); each user also gets a personal workspace. Postgres runs when installed.
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

const OLD_ROWS = [
  `INSERT INTO users (id, name, email, role) VALUES ('u1', 'Ada', 'ada@example.com', 'admin')`,
  `INSERT INTO users (id, name, email, role) VALUES ('u2', 'Bo', 'bo@example.com', 'viewer')`,
  `INSERT INTO graphs (id, name, document) VALUES ('g', 'g', '{}')`,
  `INSERT INTO runs (id, graph_id, graph_name, status, input) VALUES ('r', 'g', 'g', 'paused', 'go')`,
  `INSERT INTO threads (id) VALUES ('t')`,
  `INSERT INTO api_keys (id, user_id, name, prefix, key_hash) VALUES ('k', 'u2', 'k', 'sy_x', 'hash')`,
];

const CHECKS = {
  workspaces: 'SELECT id, name, personal_of FROM workspaces ORDER BY id',
  members: 'SELECT workspace_id, user_id, role, is_default FROM workspace_members ORDER BY workspace_id, user_id',
  owned: `SELECT 'graph' AS what, workspace_id FROM graphs UNION ALL SELECT 'thread', workspace_id FROM threads UNION ALL SELECT 'key', workspace_id FROM api_keys ORDER BY what`,
};

const EXPECTED = {
  workspaces: [
    { id: 'default', name: 'Default', personal_of: null },
    { id: 'personal-u1', name: 'Personal: ada@example.com', personal_of: 'u1' },
    { id: 'personal-u2', name: 'Personal: bo@example.com', personal_of: 'u2' },
  ],
  members: [
    { workspace_id: 'default', user_id: 'u1', role: 'admin', is_default: 1 },
    { workspace_id: 'default', user_id: 'u2', role: 'viewer', is_default: 1 },
    { workspace_id: 'personal-u1', user_id: 'u1', role: 'admin', is_default: 0 },
    { workspace_id: 'personal-u2', user_id: 'u2', role: 'admin', is_default: 0 },
  ],
  owned: [
    { what: 'graph', workspace_id: 'default' },
    { what: 'key', workspace_id: 'default' },
    { what: 'thread', workspace_id: 'default' },
  ],
};

const numbers = (rows: Record<string, unknown>[]) => rows.map((r) => ('is_default' in r ? { ...r, is_default: Number(r.is_default) } : r));

describe('workspaces migration', () => {
  it('SQLite: existing data goes to Default with every user a member in their role; a personal workspace each', () => {
    const folder = path.join(process.cwd(), 'db', 'migrations');
    const sqlite = new Database(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = drizzle({ client: sqlite });
    migrate(db, { migrationsFolder: migrationsBefore(folder, '0016_workspaces') });
    for (const q of OLD_ROWS) sqlite.exec(q);
    migrate(db, { migrationsFolder: folder });
    for (const [k, q] of Object.entries(CHECKS)) expect(numbers(sqlite.prepare(q).all() as Record<string, unknown>[]), k).toEqual(EXPECTED[k as keyof typeof EXPECTED]);
    // Names are now unique per workspace: the same name in another workspace is allowed, a second in Default is not.
    sqlite.exec(`INSERT INTO graphs (id, workspace_id, name, document) VALUES ('g2', 'personal-u1', 'g', '{}')`);
    expect(() => sqlite.exec(`INSERT INTO graphs (id, workspace_id, name, document) VALUES ('g3', 'default', 'g', '{}')`)).toThrow(/UNIQUE/);
    // A user's memberships go with the user; their personal workspace stays (personal_of cleared) for an admin to empty.
    sqlite.exec(`DELETE FROM users WHERE id = 'u2'`);
    expect(sqlite.prepare(`SELECT count(*) AS n FROM workspace_members WHERE user_id = 'u2'`).get()).toEqual({ n: 0 });
    expect(sqlite.prepare(`SELECT personal_of FROM workspaces WHERE id = 'personal-u2'`).get()).toEqual({ personal_of: null });
    sqlite.close();
  });

  let server: PostgresServer | undefined;
  afterAll(async () => server?.stop());

  it.skipIf(!postgresBinDir())('Postgres: the same workspaces, members and owners; foreign keys hold', async () => {
    server = await startPostgresServer();
    const client = new pg.Client({ connectionString: server.createDatabase('workspace_migration') });
    await client.connect();
    try {
      const db = pgDrizzle({ client });
      const folder = path.join(process.cwd(), 'db', 'migrations-pg');
      await pgMigrate(db, { migrationsFolder: migrationsBefore(folder, '0004_workspaces') });
      for (const q of OLD_ROWS) await client.query(q);
      await pgMigrate(db, { migrationsFolder: folder });
      for (const [k, q] of Object.entries(CHECKS)) expect(numbers((await client.query(q)).rows), k).toEqual(EXPECTED[k as keyof typeof EXPECTED]);
      await expect(client.query(`INSERT INTO graphs (id, workspace_id, name, document) VALUES ('g3', 'nowhere', 'x', '{}')`)).rejects.toThrow(/foreign key/);
      await expect(client.query(`INSERT INTO graphs (id, name, document) VALUES ('g4', 'y', '{}')`)).rejects.toThrow(/null value/);
      await client.query(`INSERT INTO graphs (id, workspace_id, name, document) VALUES ('g2', 'personal-u1', 'g', '{}')`);
      await expect(client.query(`INSERT INTO graphs (id, workspace_id, name, document) VALUES ('g5', 'default', 'g', '{}')`)).rejects.toThrow(/unique/);
    } finally {
      await client.end();
    }
  });
});
