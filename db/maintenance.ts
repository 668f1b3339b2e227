/**
 * Operator commands over the database file, without the app's server-only modules (used by
 * scripts/backup.ts and scripts/rotate-key.ts, and their tests): online backup and key rotation.
 */
import Database from 'better-sqlite3';
import { chmodSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PgSyncClient, postgresUrl } from './pg-client';
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

/**
 * Re-encrypts every connection secret with `newKeyText` in one transaction. The old key is
 * SWITCHYARD_SECRET_KEY or the key file; when the key file was used it is replaced by the new key.
 * Returns how many rows were re-encrypted.
 */
export function rotateSecretKey(dbFile: string, newKeyText: string, env: Record<string, string | undefined> = process.env): { rows: number; keyFile?: string } {
  const oldKey = loadSecretKey(dbFile, env);
  const newKey = keyFromText(newKeyText);
  // With DATABASE_URL=postgres://… the secrets are in Postgres (the same statements, db/pg-client.ts).
  const pg = postgresUrl(env);
  const db = pg ? (new PgSyncClient(pg) as unknown as Database.Database) : new Database(dbFile, { fileMustExist: true });
  let rows = 0;
  try {
    if (!pg) db.pragma('busy_timeout = 5000');
    const all = db.prepare('select name, api_key, headers from connections').all() as { name: string; api_key: string | null; headers: string | null }[];
    const update = db.prepare('update connections set api_key = ?, headers = ? where name = ?');
    db.transaction(() => {
      for (const r of all) {
        const apiKey = r.api_key === null ? null : seal(open(r.api_key, oldKey), newKey);
        const headers = r.headers === null ? null : Object.fromEntries(Object.entries(JSON.parse(r.headers) as Record<string, string>).map(([k, v]) => [k, seal(open(v, oldKey), newKey)]));
        update.run(apiKey, headers === null ? null : JSON.stringify(headers), r.name);
        rows++;
      }
      // MCP servers' header values are sealed with the same key (db/mcp-servers.ts).
      const hasMcp = pg || db.prepare("select 1 from sqlite_master where type = 'table' and name = 'mcp_servers'").get();
      const servers = hasMcp ? (db.prepare('select name, headers from mcp_servers where headers is not null').all() as { name: string; headers: string }[]) : [];
      const updateMcp = db.prepare('update mcp_servers set headers = ? where name = ?');
      for (const r of servers) {
        const headers = Object.fromEntries(Object.entries(JSON.parse(r.headers) as Record<string, string>).map(([k, v]) => [k, seal(open(v, oldKey), newKey)]));
        updateMcp.run(JSON.stringify(headers), r.name);
        rows++;
      }
    })();
  } finally {
    db.close();
  }
  if (env.SWITCHYARD_SECRET_KEY?.trim()) return { rows };
  const keyFile = keyFileFor(dbFile);
  writeFileSync(`${keyFile}.new`, newKeyText.trim() + '\n', { mode: 0o600 });
  renameSync(`${keyFile}.new`, keyFile);
  return { rows, keyFile };
}
