/**
 * Same-origin, Host and framing checks (issue 21 item 6) over real HTTP with accounts on: the Origin
 * check compares the scheme too, a malformed Host is a 400 (never a 500) on every kind of route, and
 * every page and route carries the framing headers (next.config.mjs). Also the address helpers of
 * the sign-in back-off (lib/server/client-address.ts).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NextConfig } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookie, startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { setEnv } from '@/lib/testing/env';
import { normalizeAddress, trustedProxies } from './client-address';
import { hostWellFormed } from './csrf';

let s: AuthServer;
let admin: string;

beforeAll(async () => {
  s = await startAuthServer({ SWITCHYARD_RATE_LIMIT: '0' });
  admin = await s.setupAdmin();
});
afterAll(async () => s?.close());

describe('the Origin check compares the scheme', () => {
  it('Origin https://host on a plain-http request is refused; http://host passes; https://host passes behind a TLS proxy', async () => {
    const https = s.api.url.replace(/^http:/, 'https:');
    const refused = await s.call('POST', '/api/graphs', { cookie: admin, origin: https }, { name: 'scheme-a' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'cross_origin' });
    expect(refused.body.error.message).toContain(`only this server's own pages (http://`);
    expect((await s.call('POST', '/api/graphs', { cookie: admin }, { name: 'scheme-b' })).status).toBe(201);
    // X-Forwarded-Proto from a peer that is not a trusted proxy is ignored: still plain http.
    const tls = { 'x-forwarded-proto': 'https' };
    expect((await s.call('POST', '/api/graphs', { cookie: admin, origin: https, headers: tls }, { name: 'scheme-x' })).status).toBe(403);
    const untrusted = (await s.signIn('admin@example.com', PASSWORD, { ...tls })).headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(untrusted).not.toMatch(/;\s*Secure/i);
    // Behind a TLS proxy (the test client's loopback address trusted): the session cookie is the Secure one, and the page's Origin is https://.
    const restore = setEnv({ SWITCHYARD_TRUSTED_PROXIES: '127.0.0.1, ::1' });
    try {
      const secure = sessionCookie(await s.signIn('admin@example.com', PASSWORD, { ...tls, origin: https }));
      expect((await s.call('POST', '/api/graphs', { cookie: secure, origin: https, headers: tls }, { name: 'scheme-c' })).status).toBe(201);
      expect((await s.call('POST', '/api/graphs', { cookie: secure, headers: tls }, { name: 'scheme-d' })).status).toBe(403);
    } finally {
      restore();
    }
  });

  it('better-auth endpoints too: a sign-in with Origin https:// over http is refused', async () => {
    const res = await s.signIn('admin@example.com', PASSWORD, { origin: s.api.url.replace(/^http:/, 'https:') });
    expect(res.status).toBe(403);
  });
});

describe('a malformed Host is a 400', () => {
  it.each(['localhost:99999', 'localhost:65536', 'localhost:abc', 'a b'])('Host %j: 400 on a checked route, better-auth endpoints and setup; never a 500', async (host) => {
    for (const [method, path] of [
      ['GET', '/api/graphs'],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/setup'],
      ['GET', '/api/users'],
    ] as const) {
      const res = await s.rawRequest(method, path, { host, cookie: admin, 'content-type': 'application/json' });
      expect(res.status, `${method} ${path} with Host ${JSON.stringify(host)}: ${res.body}`).toBe(400);
      expect(JSON.parse(res.body).error.message).toMatch(/Host header .* is malformed/);
    }
    // Public routes do not look at the Host, and do not fail on it either.
    expect((await s.rawRequest('GET', '/api/auth/me', { host, cookie: admin })).status).toBe(200);
  });

  it('a well-formed Host that is not ours stays a 403', async () => {
    const res = await s.rawRequest('GET', '/api/graphs', { host: 'evil.example:8080', cookie: admin });
    expect(res.status).toBe(403);
    expect(hostWellFormed('localhost:65535')).toBe(true);
    expect(hostWellFormed('[::1]:3000')).toBe(true);
    expect(hostWellFormed('localhost:99999')).toBe(false);
  });
});

describe('framing protection on every page (next.config.mjs)', () => {
  it("frame-ancestors 'self' and X-Frame-Options SAMEORIGIN on every path but a public chat page", async () => {
    const { default: nextConfig, FRAME_HEADERS } = (await import(/* @vite-ignore */ pathToFileURL(path.join(process.cwd(), 'next.config.mjs')).href)) as {
      default: NextConfig;
      FRAME_HEADERS: { key: string; value: string }[];
    };
    expect(FRAME_HEADERS).toEqual([
      { key: 'Content-Security-Policy', value: "frame-ancestors 'self'" },
      { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
    ]);
    const rules = await nextConfig.headers!();
    expect(rules.find((r) => r.source === '/')?.headers).toEqual(FRAME_HEADERS);
    const rest = rules.find((r) => r.source === '/:path((?!c/).*)');
    expect(rest?.headers).toEqual(FRAME_HEADERS);
    // Every path but a public chat page (/c/<token>: proxy.ts sets its allow-list).
    const covered = (p: string) => new RegExp('^/((?!c/).*)$').test(p);
    expect(['/settings', '/graphs/g1', '/api/graphs', '/chat', '/c'].every(covered)).toBe(true);
    expect(covered('/c/some-token')).toBe(false);
  });
});

describe('addresses (lib/server/client-address.ts)', () => {
  it('normalizes IPv4-mapped IPv6 and brackets; refuses what is not an address', () => {
    expect(normalizeAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeAddress('[::1]')).toBe('::1');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
    for (const bad of ['', 'unknown', '10.1.2', 'example.com', '1.2.3.4:80']) expect(normalizeAddress(bad)).toBeNull();
  });

  it('SWITCHYARD_TRUSTED_PROXIES: addresses and CIDR ranges of both families; none by default', () => {
    const none = trustedProxies({});
    expect(none.entries).toEqual([]);
    expect(none.has('127.0.0.1')).toBe(false);
    const t = trustedProxies({ SWITCHYARD_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.5 ,fd00::/8, ::1' });
    for (const a of ['10.9.8.7', '::ffff:10.0.0.1', '192.168.1.5', 'fd12::3', '::1']) expect(t.has(a), a).toBe(true);
    for (const a of ['11.0.0.1', '192.168.1.6', 'fe80::1', '127.0.0.1', 'nonsense']) expect(t.has(a), a).toBe(false);
    for (const bad of ['proxy', '10.0.0.0/40', '10.0.0.0/8/1', '::1/129', '1.2.3.4/x']) {
      expect(() => trustedProxies({ SWITCHYARD_TRUSTED_PROXIES: bad }), bad).toThrow(/SWITCHYARD_TRUSTED_PROXIES/);
    }
  });
});
