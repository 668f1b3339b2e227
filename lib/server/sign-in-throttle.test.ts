/**
 * Sign-in back-off over real HTTP with accounts on (issue 21 item 2): the address is the socket's
 * peer unless the peer is a trusted proxy (SWITCHYARD_TRUSTED_PROXIES), failures lock the address and
 * the account out with 429 + Retry-After, the lock-out is in the database, and better-auth's own
 * limits see the same address. sign-in-throttle.postgres.test.ts runs this file on Postgres.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@/db/store';
import { PASSWORD, startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { setEnv } from '@/lib/testing/env';
import { accountKey, ACCOUNT_POLICY, ADDRESS_POLICY, addressKey, lockedUntil } from './sign-in-throttle';

let s: AuthServer;
let admin: string;
let restore: (() => void) | undefined;

beforeAll(async () => {
  s = await startAuthServer({ SWITCHYARD_TRUSTED_PROXIES: undefined });
  admin = await s.setupAdmin();
});
afterAll(async () => s?.close());
afterEach(async () => {
  restore?.();
  restore = undefined;
  // Each test starts with no failures recorded (the rows are the store's; a test forgets them all).
  const keys = ['127.0.0.1', ...Array.from({ length: 256 }, (_, i) => `198.51.100.${i}`)].map(addressKey);
  for (const k of keys) await getStore().signInThrottle.clear(k);
  for (const e of ['admin@example.com', 'ann@example.com', 'bob@example.com', 'cat@example.com']) await getStore().signInThrottle.clear(accountKey(e));
});

async function attempt(email: string, password: string, xff?: string) {
  const res = await s.signIn(email, password, xff ? { 'x-forwarded-for': xff } : {});
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

describe('the lock-out policy', () => {
  it('is free for the first failures, then locks for base seconds, doubling per failure up to the cap', () => {
    const at = new Date(0);
    const s = (n: number) => (lockedUntil(ACCOUNT_POLICY, n, at)?.getTime() ?? 0) / 1000;
    expect([1, 4].map(s)).toEqual([0, 0]);
    expect([5, 6, 7].map(s)).toEqual([30, 60, 120]);
    expect(s(50)).toBe(ACCOUNT_POLICY.capS);
    expect(lockedUntil(ADDRESS_POLICY, ADDRESS_POLICY.free - 1, at)).toBeNull();
  });
});

describe('an untrusted peer: X-Forwarded-For is ignored', () => {
  it('40 wrong admin passwords with a new X-Forwarded-For each: 429 with Retry-After after the account limit', async () => {
    const results = [];
    for (let i = 0; i < 40; i++) results.push(await attempt('admin@example.com', `wrong password ${i}`, `203.0.113.${i}`));
    expect(results.slice(0, ACCOUNT_POLICY.free).map((r) => r.status)).toEqual(Array(ACCOUNT_POLICY.free).fill(401));
    expect(results.slice(ACCOUNT_POLICY.free).every((r) => r.status === 429)).toBe(true);
    const locked = results[ACCOUNT_POLICY.free];
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(locked.body?.error).toMatchObject({ code: 'rate_limited' });
    expect(locked.body?.error?.message).toMatch(/too many failed sign-ins for this account.*locked for \d+ s/);
    // Locked means locked: the right password is refused too (a guess during a lock-out tells nothing).
    expect((await attempt('admin@example.com', PASSWORD, '203.0.113.99')).status).toBe(429);
    // Nothing counted while locked: still the failures of the free attempts, one lock-out.
    const [row] = await getStore().signInThrottle.get([accountKey('admin@example.com')]);
    expect(row.failures).toBe(ACCOUNT_POLICY.free);
  });

  it('40 wrong passwords for 40 different emails with rotating X-Forwarded-For: the address (the socket peer) is locked after its limit', async () => {
    const results = [];
    for (let i = 0; i < 40; i++) results.push(await attempt(`nobody${i}@example.com`, 'wrong password', `203.0.113.${i}`));
    expect(results.slice(0, ADDRESS_POLICY.free).map((r) => r.status)).toEqual(Array(ADDRESS_POLICY.free).fill(401));
    expect(results.slice(ADDRESS_POLICY.free).every((r) => r.status === 429)).toBe(true);
    expect(results[ADDRESS_POLICY.free].body?.error?.message).toMatch(/for this address/);
    const [row] = await getStore().signInThrottle.get([addressKey('127.0.0.1')]);
    expect(row).toMatchObject({ failures: ADDRESS_POLICY.free });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // The spoofed addresses were never counted.
    expect(await getStore().signInThrottle.get([addressKey('203.0.113.3')])).toEqual([]);
  });

  it('a successful sign-in forgets the account\'s failures', async () => {
    await s.addUser(admin, 'ann@example.com', 'viewer');
    for (let i = 0; i < ACCOUNT_POLICY.free - 1; i++) expect((await attempt('ann@example.com', 'nope nope')).status).toBe(401);
    expect((await attempt('ann@example.com', PASSWORD)).status).toBe(200);
    expect(await getStore().signInThrottle.get([accountKey('ann@example.com')])).toEqual([]);
    for (let i = 0; i < ACCOUNT_POLICY.free - 1; i++) expect((await attempt('ann@example.com', 'nope nope')).status).toBe(401);
    expect((await attempt('ann@example.com', PASSWORD)).status).toBe(200);
  });
});

describe('behind a trusted proxy (SWITCHYARD_TRUSTED_PROXIES)', () => {
  it("the proxy's X-Forwarded-For names the client: one client's lock-out does not stop another", async () => {
    restore = setEnv({ SWITCHYARD_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' });
    await s.addUser(admin, 'bob@example.com', 'editor');
    for (let i = 0; i < ADDRESS_POLICY.free; i++) expect((await attempt(`nobody${i}@example.com`, 'wrong password', '198.51.100.7')).status).toBe(401);
    expect((await attempt('bob@example.com', PASSWORD, '198.51.100.7')).status).toBe(429);
    // Another client behind the same proxy (and the chain's trusted hops are skipped from the right).
    expect((await attempt('bob@example.com', PASSWORD, '198.51.100.8, 10.1.2.3')).status).toBe(200);
    // A spoofed leftmost hop does not hide the client the proxy saw.
    expect((await attempt('bob@example.com', PASSWORD, '198.51.100.8, 198.51.100.7')).status).toBe(429);
    const [row] = await getStore().signInThrottle.get([addressKey('198.51.100.7')]);
    expect(row.failures).toBe(ADDRESS_POLICY.free);
    expect(await getStore().signInThrottle.get([addressKey('127.0.0.1')])).toEqual([]);
  });

  it('the account is throttled even from a new address', async () => {
    restore = setEnv({ SWITCHYARD_TRUSTED_PROXIES: '127.0.0.1' });
    await s.addUser(admin, 'cat@example.com', 'viewer');
    for (let i = 0; i < ACCOUNT_POLICY.free; i++) expect((await attempt('cat@example.com', 'wrong password', `198.51.100.${20 + i}`)).status).toBe(401);
    const fresh = await attempt('cat@example.com', PASSWORD, '198.51.100.200');
    expect(fresh.status).toBe(429);
    expect(fresh.body?.error?.message).toMatch(/for this account/);
    // Other accounts from that address are fine.
    expect((await attempt('admin@example.com', PASSWORD, '198.51.100.200')).status).toBe(200);
  });

  it('better-auth records the resolved client address on the session, not a forged header', async () => {
    restore = setEnv({ SWITCHYARD_TRUSTED_PROXIES: undefined });
    const res = await s.signIn('admin@example.com', PASSWORD, { 'x-forwarded-for': '203.0.113.50', 'x-switchyard-client-ip': '203.0.113.51', 'x-switchyard-peer': 'forged 203.0.113.52' });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0];
    const sessions = await s.call('GET', '/api/auth/list-sessions', { cookie });
    expect(sessions.status).toBe(200);
    const ips = (sessions.body as { ipAddress: string | null }[]).map((x) => x.ipAddress);
    expect(ips).toContain('127.0.0.1');
    expect(ips.some((ip) => ip?.startsWith('203.0.113.'))).toBe(false);
  });
});
