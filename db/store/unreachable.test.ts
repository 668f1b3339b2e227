/**
 * The async store on a Postgres that does not answer: a lookup fails with the connection error (it
 * neither hangs nor answers "no such graph"), and nothing is kept: the next call tries again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { freePort } from '@/lib/testing/free-port';

const restore = setEnv({ DATABASE_URL: `postgres://nobody@127.0.0.1:${await freePort()}/switchyard` });
const { closeDb } = await import('@/db/client');
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
