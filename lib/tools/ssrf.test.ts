import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { AppError } from '../errors';
import { guardedFetch, type GuardedRequest } from './http-client';
import { blockedReason, checkAddresses, isAllowedHost, parseAllowedHosts } from './ssrf';
import { startLocalServer, type LocalServer } from './testing/local-server';

let srv: LocalServer;
beforeAll(async () => {
  srv = await startLocalServer();
});
afterAll(() => srv.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Resolves once the local server has received `path` (I/O turns only; no timers). */
async function untilHit(path: string): Promise<void> {
  while (!srv.hits.some((h) => h.url === path)) await new Promise((r) => setImmediate(r));
}

async function refusal(req: GuardedRequest): Promise<AppError> {
  const err = await guardedFetch(req).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected ${req.url} to be refused`).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('ssrf policy: addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['64:ff9b::10.0.0.1', 'NAT64 private'],
    ['2002:c0a8:0101::1', '6to4 private'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated link-local'],
    ['64:ff9b::8.8.8.8', 'NAT64'],
    ['64:ff9b:1::7f00:1', 'local-use NAT64'],
    ['64:ff9b:1:ffff::808:808', 'local-use NAT64'],
  ])('%s is blocked (%s)', (ip, why) => {
    expect(blockedReason(ip)).toContain(why);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b:2::1'])('%s is public', (ip) => {
    expect(blockedReason(ip)).toBeNull();
  });
});

describe('ssrf policy: allow list', () => {
  const local = (address: string) => [{ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }];

  it('parses hosts, IPs and host:port entries, canonically', () => {
    expect([...parseAllowedHosts(' Example.org , localhost:8080, 127.1, 10.0.0.1:80, [::0001]:11434, ::1, [fd00::2], x:0, y:99999, ')]).toEqual([
      'example.org',
      'localhost:8080',
      '127.0.0.1',
      '10.0.0.1:80',
      '[::1]:11434',
      '::1',
      'fd00::2',
    ]);
  });

  it('a port-less entry allows every port; an entry with a port allows only that port', () => {
    const allowed = parseAllowedHosts('ollama.internal:11434,127.0.0.1:8080,[::1]:9000,db.internal');
    expect(isAllowedHost(allowed, 'ollama.internal', 11434)).toBe(true);
    expect(isAllowedHost(allowed, 'ollama.internal', 22)).toBe(false);
    expect(isAllowedHost(allowed, 'ollama.internal')).toBe(false);
    expect(isAllowedHost(allowed, 'db.internal', 5432)).toBe(true);
    expect(checkAddresses('127.0.0.1', local('127.0.0.1'), allowed, 8080)).toHaveLength(1);
    expect(() => checkAddresses('127.0.0.1', local('127.0.0.1'), allowed, 6379)).toThrow(/loopback/);
    expect(checkAddresses('::1', local('::1'), allowed, 9000)).toHaveLength(1);
    expect(() => checkAddresses('::1', local('::1'), allowed, 9001)).toThrow(/loopback/);
    // a name that resolves to an allowed address:port
    expect(checkAddresses('box.test', local('127.0.0.1'), allowed, 8080)).toHaveLength(1);
    expect(() => checkAddresses('ollama.internal', local('10.0.0.5'), allowed, 80)).toThrow(/private/);
  });
});

describe('guarded fetch', () => {
  const none: string[] = [];

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://[::ffff:127.0.0.1]/',
    'http://10.0.0.1/',
    'http://0.0.0.0/',
    'http://[fd00:ec2::254]/',
  ])('refuses %s', async (url) => {
    const err = await refusal({ url, allowedHosts: none });
    expect(err.code).toBe('ssrf_blocked');
    expect(err.message).toMatch(/Refused to connect to/);
  });

  it.each(['file:///etc/passwd', 'gopher://127.0.0.1:70/', 'ftp://example.org/'])('refuses the scheme of %s', async (url) => {
    const err = await refusal({ url, allowedHosts: none });
    expect(err.code).toBe('ssrf_blocked');
    expect(err.message).toContain('only http and https');
  });

  it('refuses a public-looking name that resolves to a private address', async () => {
    const err = await refusal({ url: 'http://internal.example.com/', allowedHosts: none, resolve: async () => [{ address: '10.1.2.3', family: 4 }] });
    expect(err.code).toBe('ssrf_blocked');
    expect(err.message).toContain('internal.example.com (10.1.2.3)');
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '127.0.0.1', family: 4 as const },
    ];
    expect((await refusal({ url: 'http://mixed.example.com/', allowedHosts: none, resolve })).code).toBe('ssrf_blocked');
  });

  it('connects to the address it checked, not to whatever DNS says later (pinned lookup)', async () => {
    let lookups = 0;
    const res = await guardedFetch({
      url: `http://pinned.invalid:${srv.port}/echo`,
      allowedHosts: ['pinned.invalid'],
      resolve: async () => (lookups++, [{ address: '127.0.0.1', family: 4 }]),
    });
    expect(res.status).toBe(200);
    expect(lookups).toBe(1);
    expect(JSON.parse(res.body.toString()).headers.host).toBe(`pinned.invalid:${srv.port}`);
  });

  it('reaches an allow-listed private host and reads its body', async () => {
    const res = await guardedFetch({ url: `${srv.origin}/echo?x=1`, allowedHosts: ['127.0.0.1'] });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).url).toBe('/echo?x=1');
    expect(res.truncated).toBe(false);
  });

  it('an allow-list entry with a port allows that port only', async () => {
    expect((await guardedFetch({ url: `${srv.origin}/echo`, allowedHosts: [`127.0.0.1:${srv.port}`] })).status).toBe(200);
    const err = await refusal({ url: `${srv.origin}/echo`, allowedHosts: [`127.0.0.1:${srv.port === 1 ? 2 : srv.port - 1}`] });
    expect(err.code).toBe('ssrf_blocked');
  });

  it('uses SWITCHYARD_ALLOWED_HOSTS when no allow list is given', async () => {
    const restoreEnv = setEnv({ SWITCHYARD_ALLOWED_HOSTS: 'example.org, 127.0.0.1' });
    try {
      expect((await guardedFetch({ url: `${srv.origin}/echo` })).status).toBe(200);
    } finally {
      restoreEnv();
    }
  });

  it('re-checks every redirect hop: an allowed first hop cannot redirect to a private address', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/', `http://[::1]:${srv.port}/echo`, 'http://10.0.0.1/']) {
      const err = await refusal({ url: `${srv.origin}/redirect?to=${encodeURIComponent(target)}`, allowedHosts: ['127.0.0.1'] });
      expect(err.code).toBe('ssrf_blocked');
    }
  });

  it('refuses a redirect to another scheme', async () => {
    const err = await refusal({ url: `${srv.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, allowedHosts: ['127.0.0.1'] });
    expect(err.code).toBe('ssrf_blocked');
  });

  it('follows a same-origin redirect and keeps its headers, but drops them when the origin changes', async () => {
    const same = await guardedFetch({ url: `${srv.origin}/redirect?to=/echo`, headers: { 'x-secret': 's1' }, allowedHosts: ['127.0.0.1'] });
    expect(JSON.parse(same.body.toString()).headers['x-secret']).toBe('s1');
    expect(same.url).toBe(`${srv.origin}/echo`);
    const other = `http://localhost:${srv.port}/echo`;
    const cross = await guardedFetch({
      url: `${srv.origin}/redirect?to=${encodeURIComponent(other)}`,
      headers: { 'x-secret': 's1' },
      allowedHosts: ['127.0.0.1', 'localhost'],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(JSON.parse(cross.body.toString()).headers['x-secret']).toBeUndefined();
  });

  it('gives up after 5 redirects', async () => {
    const err = await refusal({ url: `${srv.origin}/loop`, allowedHosts: ['127.0.0.1'] });
    expect(err.code).toBe('http_error');
    expect(err.message).toContain('Too many redirects');
  });

  it('caps an oversize response and says so', async () => {
    const res = await guardedFetch({ url: `${srv.origin}/big?bytes=3000000`, allowedHosts: ['127.0.0.1'], maxBytes: 100_000 });
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(100_000);
    const whole = await guardedFetch({ url: `${srv.origin}/big?bytes=5000`, allowedHosts: ['127.0.0.1'] });
    expect(whole.truncated).toBe(false);
    expect(whole.body.length).toBe(5000);
  });

  it('times out a server that never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const refused = refusal({ url: `${srv.origin}/hang?case=timeout`, allowedHosts: ['127.0.0.1'], timeoutMs: 150 }).finally(() => {
      settled = true;
    });
    await untilHit('/hang?case=timeout');
    vi.advanceTimersByTime(149);
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    const err = await refused;
    expect(err.code).toBe('http_error');
    expect(err.message).toContain('timed out after 150 ms');
  });

  it('stops when the caller aborts', async () => {
    const ctrl = new AbortController();
    const p = guardedFetch({ url: `${srv.origin}/hang?case=abort`, allowedHosts: ['127.0.0.1'], signal: ctrl.signal });
    await untilHit('/hang?case=abort');
    ctrl.abort();
    const err = await p.then(
      () => null,
      (e: unknown) => e as AppError,
    );
    expect(err?.code).toBe('cancelled');
  });
});
