/**
 * npm run rotate-key on Postgres (db/maintenance.ts): the secrets are re-encrypted in the Postgres
 * database DATABASE_URL names, in one transaction over a `pg` client of its own.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { onPostgres } from '@/lib/testing/on-postgres';
import { closeDbAndPool, getPgPool } from './client';
import { rotateSecretKey } from './maintenance';
import { keyFromText, newKeyText, open } from './secret-box';
import { getStore } from './store';

if (await onPostgres()) {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-rotate-pg-'));
  const dbFile = path.join(dir, 'data', 'app.db'); // where the key file lives (no SQLite file is written)
  const restore = setEnv({ SWITCHYARD_DB: dbFile, SWITCHYARD_SECRET_KEY: undefined });
  afterAll(async () => {
    await closeDbAndPool();
    restore();
    rmSync(dir, { recursive: true, force: true });
  });
  const raw = async (query: string, name: string) => (await (await getPgPool()).query(query, [name])).rows[0] as Record<string, string | null>;

  it('re-encrypts every connection and MCP server secret with the new key and replaces the key file', async () => {
    await getStore().connections.insert({ name: 'a', baseUrl: 'http://a/v1', apiKey: 'sk-a', headers: { H: 'h-a' } });
    await getStore().connections.insert({ name: 'keyless', baseUrl: 'http://b/v1' });
    await getStore().mcpServers.insert({ name: 'calc', transport: 'http', url: 'https://mcp.example.org/mcp', headers: { Authorization: 'Bearer mcp-secret' } });
    const before = (await raw('select api_key from connections where name = $1', 'a')).api_key;
    await closeDbAndPool(); // the app's key (read once per Pool) is read again after the rotation
    const next = newKeyText();
    expect(await rotateSecretKey(dbFile, next)).toEqual({ rows: 3, keyFile: path.join(dir, 'data', 'secret.key') });
    expect(readFileSync(path.join(dir, 'data', 'secret.key'), 'utf8').trim()).toBe(next);
    const after = (await raw('select api_key, headers from connections where name = $1', 'a'));
    expect(after.api_key).not.toBe(before);
    expect(open(after.api_key!, keyFromText(next))).toBe('sk-a');
    expect(open(JSON.parse((await raw('select headers from mcp_servers where name = $1', 'calc')).headers!).Authorization, keyFromText(next))).toBe('Bearer mcp-secret');
    expect(await getStore().connections.get('a')).toMatchObject({ apiKey: 'sk-a', headers: { H: 'h-a' } });
    expect((await getStore().mcpServers.get('calc'))?.headers).toEqual({ Authorization: 'Bearer mcp-secret' });
  });

  it('a wrong current key changes nothing (one transaction) and keeps the key file', async () => {
    await closeDbAndPool();
    const keyText = readFileSync(path.join(dir, 'data', 'secret.key'), 'utf8').trim();
    const before = (await raw('select api_key from connections where name = $1', 'a')).api_key;
    await expect(rotateSecretKey(dbFile, newKeyText(), { ...process.env, SWITCHYARD_SECRET_KEY: newKeyText() })).rejects.toThrow();
    expect((await raw('select api_key from connections where name = $1', 'a')).api_key).toBe(before);
    expect(readFileSync(path.join(dir, 'data', 'secret.key'), 'utf8').trim()).toBe(keyText);
  });
}
