/**
 * The async store on a Postgres that does not answer: a lookup fails with the connection error (it
 * neither hangs nor answers "no such graph"), and nothing is kept: the next call tries again. The
 * synchronous SQLite driver refuses to stand in for it.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { freePort } from '@/lib/testing/free-port';

const keyDir = path.join(tmpdir(), `switchyard-unreachable-${process.pid}`);
const restore = setEnv({ DATABASE_URL: `postgres://nobody@127.0.0.1:${await freePort()}/switchyard`, SWITCHYARD_DB: path.join(keyDir, 'app.db') });
const { closeDb, databaseFile, getDb, isPostgres, pingDatabase, walCheckpointer } = await import('@/db/client');
const { getStore } = await import('./index');

afterAll(() => {
  closeDb();
  restore();
});

describe('the store on an unreachable Postgres', () => {
  it('rejects each call with the connection error: no hang, no "not found", no failure kept for the next call', async () => {
    const store = getStore();
    expect(store.dialect).toBe('postgres');
    await expect(store.graphs.get('any')).rejects.toThrow(/ECONNREFUSED|connect/i);
    await expect(store.users.count()).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});

describe('the synchronous driver with a Postgres DATABASE_URL', () => {
  it('getDb() refuses (it is SQLite only: nothing reaches Postgres but the async store) and opens no SQLite file', () => {
    expect(isPostgres()).toBe(true);
    expect(() => getDb()).toThrow(/SQLite driver.*getStore\(\)/);
    expect(isPostgres()).toBe(true); // nothing was opened in its place
    expect(walCheckpointer()).toBeNull();
    expect(databaseFile()).toBe(path.join(keyDir, 'app.db')); // where the secret key file is looked for
    expect(existsSync(keyDir)).toBe(false);
  });
  it('pingDatabase (/api/health) rejects with the connection error', async () => {
    await expect(pingDatabase()).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});
