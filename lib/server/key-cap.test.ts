/**
 * API keys per user (issue 21 item 2): at most SWITCHYARD_MAX_KEYS_PER_USER at once (409 naming the
 * setting; a burst of concurrent creations cannot pass it), and the rate limit is one bucket per
 * user across all of their keys and sessions (a new key is no fresh bucket).
 * key-cap.postgres.test.ts runs this file on Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { setEnv } from '@/lib/testing/env';
import { maxKeysPerUser } from './auth-keys';

let s: AuthServer;
let admin: string;

beforeAll(async () => {
  s = await startAuthServer({ SWITCHYARD_MAX_KEYS_PER_USER: '3', SWITCHYARD_RATE_LIMIT: '0' });
  admin = await s.setupAdmin();
});
afterAll(async () => s?.close());

const createKey = (cookie: string, name: string) => s.call('POST', '/api/keys', { cookie }, { name });

describe('a cap on active keys per user', () => {
  it('SWITCHYARD_MAX_KEYS_PER_USER: default 10; a value that is not a whole number ≥ 1 is refused, naming the setting', () => {
    expect(maxKeysPerUser({})).toBe(10);
    expect(maxKeysPerUser({ SWITCHYARD_MAX_KEYS_PER_USER: '25' })).toBe(25);
    for (const bad of ['0', '-1', '2.5', 'lots']) expect(() => maxKeysPerUser({ SWITCHYARD_MAX_KEYS_PER_USER: bad })).toThrow(/SWITCHYARD_MAX_KEYS_PER_USER/);
  });

  it('the fourth key is a 409 that says why; revoking one makes room', async () => {
    const viewer = await s.addUser(admin, 'vera@example.com', 'viewer');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await createKey(viewer, `k${i}`);
      expect(res.status).toBe(201);
      ids.push(res.body.key.id);
    }
    const over = await createKey(viewer, 'k3');
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: 'conflict', details: { max_keys: 3 } });
    expect(over.body.error.message).toMatch(/3 active API keys.*SWITCHYARD_MAX_KEYS_PER_USER=3.*revoke one/);
    expect((await s.call('GET', '/api/keys', { cookie: viewer })).body.keys).toHaveLength(3);
    expect((await s.call('DELETE', `/api/keys/${ids[0]}`, { cookie: viewer })).status).toBe(204);
    expect((await createKey(viewer, 'k4')).status).toBe(201);
    // Another user has a cap of their own.
    const other = await s.addUser(admin, 'otto@example.com', 'viewer');
    expect((await createKey(other, 'mine')).status).toBe(201);
  });

  it('a burst of 20 concurrent creations makes exactly the cap, the rest are 409', async () => {
    const viewer = await s.addUser(admin, 'burst@example.com', 'viewer');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createKey(viewer, `b${i}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(3);
    expect(statuses.filter((x) => x === 409)).toHaveLength(17);
    expect((await s.call('GET', '/api/keys', { cookie: viewer })).body.keys).toHaveLength(3);
  });
});

describe('the rate limit is per user, across their keys', () => {
  it('with a limit of 4 a minute, 4 requests over two keys use it up; a new key gets no fresh bucket; another user is unaffected', async () => {
    const restore = setEnv({ SWITCHYARD_RATE_LIMIT: '4', SWITCHYARD_MAX_KEYS_PER_USER: '10' });
    // (SWITCHYARD_RATE_LIMIT was 0 until now: no bucket was filled before this test.)
    try {
      const viewer = await s.addUser(admin, 'rita@example.com', 'viewer');
      const [a, b] = [(await createKey(viewer, 'a')).body.secret as string, (await createKey(viewer, 'b')).body.secret as string];
      const models = (bearer: string) => s.call('GET', '/api/v1/models', { bearer });
      for (const key of [a, b, a, b]) expect((await models(key)).status).toBe(200);
      const limited = await models(b);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const c = (await createKey(viewer, 'c')).body.secret as string;
      expect((await models(c)).status).toBe(429);
      const otherUser = await s.addUser(admin, 'sam@example.com', 'viewer');
      const theirs = (await createKey(otherUser, 'x')).body.secret as string;
      expect((await models(theirs)).status).toBe(200);
    } finally {
      restore();
    }
  });
});
