/**
 * Operator commands over the database file, without the app's server-only modules (used by
 * scripts/backup.ts and scripts/rotate-key.ts, and their tests): online backup and key rotation.
 */
import Database from 'better-sqlite3';
import { chmodSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresUrl } from './database-url';
import { withExclusiveServerLock } from './server-lock';
import { keyFileFor, keyFromText, loadSecretKey, open, seal } from './secret-box';

/** $SWITCHYARD_DB, else data/switchyard.db (as db/client.ts; with Postgres, the secret key file's directory is this file's). */
export function configuredDatabaseFile(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(process.cwd(), env.SWITCHYARD_DB?.trim() || path.join('data', 'switchyard.db'));
}

/**
 * A consistent copy of the database in `target` (mode 0600) through SQLite's online backup API,
 * safe while runs write. Restore: stop the server, copy the backup to SWITCHYARD_DB (and remove
 * any -wal/-shm files next to it), start the server.
 */
export async function backupDatabase(source: string, target: string): Promise<void> {
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // After a first step, copy everything left in one step: a write between steps restarts the copy.
    await db.backup(target, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
    chmodSync(target, 0o600);
  } finally {
    db.close();
  }
}

/** The statements key rotation runs, on either database: rows of a query, and a write. */
interface Sql {
  all(query: string, ...params: unknown[]): Promise<Record<string, unknown>[]>;
  run(query: string, ...params: unknown[]): Promise<void>;
  hasTable(name: string): Promise<boolean>;
}

/** `?` placeholders as Postgres' `$1, $2, …` (the statements below hold no literal `?`). */
const numbered = (query: string) => {
  let n = 0;
  return query.replace(/\?/g, () => `$${++n}`);
};

/** Runs `body` in one transaction on the configured database: Postgres over one `pg` client (no Pool, no app modules), else the SQLite file. */
async function inTransaction<T>(dbFile: string, env: Record<string, string | undefined>, body: (db: Sql) => Promise<T>): Promise<T> {
  const url = postgresUrl(env);
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const db: Sql = {
        all: async (q, ...p) => (await client.query(numbered(q), p)).rows as Record<string, unknown>[],
        run: async (q, ...p) => void (await client.query(numbered(q), p)),
        hasTable: async (name) => (await client.query("select 1 from pg_tables where schemaname = 'public' and tablename = $1", [name])).rowCount === 1,
      };
      await client.query('begin');
      try {
        const out = await body(db);
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      }
    } finally {
      await client.end();
    }
  }
  const sqlite = new Database(dbFile, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    const db: Sql = {
      all: async (q, ...p) => sqlite.prepare(q).all(...p) as Record<string, unknown>[],
      run: async (q, ...p) => void sqlite.prepare(q).run(...p),
      hasTable: async (name) => sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined,
    };
    // Only this connection's statements run between BEGIN and COMMIT (each awaits a synchronous call).
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const out = await body(db);
      sqlite.exec('COMMIT');
      return out;
    } catch (err) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw err;
    }
  } finally {
    sqlite.close();
  }
}

/**
 * Re-encrypts every connection and MCP server secret with `newKeyText` in one transaction, on
 * SQLite or (DATABASE_URL=postgres://…) Postgres. The old key is SWITCHYARD_SECRET_KEY or the key
 * file; when the key file was used it is replaced by the new key. Resolves how many rows were
 * re-encrypted. Throws LockBusyError (db/server-lock.ts) while a server or worker uses the database.
 */
export async function rotateSecretKey(dbFile: string, newKeyText: string, env: Record<string, string | undefined> = process.env): Promise<{ rows: number; keyFile?: string }> {
  // Refused while a server or worker holds its share of the lock (db/server-lock.ts).
  return withExclusiveServerLock(dbFile, env, () => rotateLocked(dbFile, newKeyText, env));
}

async function rotateLocked(dbFile: string, newKeyText: string, env: Record<string, string | undefined>): Promise<{ rows: number; keyFile?: string }> {
  const oldKey = loadSecretKey(dbFile, env);
  const newKey = keyFromText(newKeyText);
  const reseal = (headers: string) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(headers) as Record<string, string>).map(([k, v]) => [k, seal(open(v, oldKey), newKey)])));
  const rows = await inTransaction(dbFile, env, async (db) => {
    let n = 0;
    for (const r of (await db.all('select name, api_key, headers from connections')) as { name: string; api_key: string | null; headers: string | null }[]) {
      const apiKey = r.api_key === null ? null : seal(open(r.api_key, oldKey), newKey);
      await db.run('update connections set api_key = ?, headers = ? where name = ?', apiKey, r.headers === null ? null : reseal(r.headers), r.name);
      n++;
    }
    // MCP servers' header values are sealed with the same key (db/mcp-servers.ts).
    if (await db.hasTable('mcp_servers')) {
      for (const r of (await db.all('select name, headers from mcp_servers where headers is not null')) as { name: string; headers: string }[]) {
        await db.run('update mcp_servers set headers = ? where name = ?', reseal(r.headers), r.name);
        n++;
      }
    }
    return n;
  });
  if (env.SWITCHYARD_SECRET_KEY?.trim()) return { rows };
  const keyFile = keyFileFor(dbFile);
  writeFileSync(`${keyFile}.new`, newKeyText.trim() + '\n', { mode: 0o600 });
  renameSync(`${keyFile}.new`, keyFile);
  return { rows, keyFile };
}
