/**
 * Accounts over HTTP with auth ON (issue 11 items 1, 2, 9): first-admin setup, sign-in cookies,
 * users and roles, personal API keys and the service key, CSRF (Origin) and DNS rebinding (Host)
 * refusals, and the per-caller rate limit with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookie, startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { setEnv } from '@/lib/testing/env';

const SERVICE_KEY = 'service-key-for-tests-Qz7xW2pL9vRk4mN8';
const graph = (name: string) => ({ name });

let s: AuthServer;
let admin: string;
let editor: string;
let viewer: string;

beforeAll(async () => {
  s = await startAuthServer({ SWITCHYARD_API_KEY: SERVICE_KEY, SWITCHYARD_HOSTS: 'switchyard.test, other.test:8443' });
  expect((await s.call('GET', '/api/auth/setup')).body).toEqual({ auth: 'on', needs_setup: true });
  admin = await s.setupAdmin();
  editor = await s.addUser(admin, 'ed@example.com', 'editor');
  viewer = await s.addUser(admin, 'vi@example.com', 'viewer');
});
afterAll(async () => s?.close());

describe('first admin and sign-in', () => {
  it('setup works once: afterwards 409 and needs_setup is false', async () => {
    expect((await s.call('GET', '/api/auth/setup')).body.needs_setup).toBe(false);
    const again = await s.call('POST', '/api/auth/setup', {}, { email: 'x@example.com', password: PASSWORD });
    expect(again.status).toBe(409);
  });

  it('a wrong password does not sign in; no self sign-up', async () => {
    expect((await s.signIn('admin@example.com', 'wrong password!')).status).toBe(401);
    const signUp = await s.api.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.api.url },
      body: JSON.stringify({ email: 'new@example.com', password: PASSWORD, name: 'new' }),
    });
    expect(signUp.status).toBeGreaterThanOrEqual(400);
  });

  it('session cookies are HttpOnly and SameSite=Lax; Secure only behind TLS', async () => {
    const plain = (await s.signIn('vi@example.com')).headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(plain).toMatch(/HttpOnly/i);
    expect(plain).toMatch(/SameSite=Lax/i);
    expect(plain).not.toMatch(/;\s*Secure/i);
    // Behind a TLS proxy (trusted: SWITCHYARD_TRUSTED_PROXIES) the browser's Origin is https:// (the Origin check compares the scheme too).
    const restore = setEnv({ SWITCHYARD_TRUSTED_PROXIES: '127.0.0.1, ::1' });
    const tls = await s.signIn('vi@example.com', PASSWORD, { 'x-forwarded-proto': 'https', origin: s.api.url.replace(/^http:/, 'https:') }).then((r) => r.headers.getSetCookie().find((c) => c.includes('session_token='))!).finally(restore);
    expect(tls).toMatch(/;\s*Secure/i);
    expect(tls).toMatch(/HttpOnly/i);
    expect(tls).toMatch(/SameSite=Lax/i);
  });

  it('/api/auth/me names the signed-in user; sign-out ends the session', async () => {
    const cookie = sessionCookie(await s.signIn('vi@example.com'));
    expect((await s.call('GET', '/api/auth/me', { cookie })).body).toMatchObject({ auth: 'on', user: { email: 'vi@example.com', role: 'viewer' } });
    expect((await s.call('GET', '/api/auth/me')).body).toEqual({ auth: 'on', user: null });
    const out = await s.call('POST', '/api/auth/sign-out', { cookie }, {});
    expect(out.status).toBe(200);
    expect((await s.call('GET', '/api/graphs', { cookie })).status).toBe(401);
  });
});

describe('roles', () => {
  it('viewer reads, editor writes graphs, only admin manages users and connections', async () => {
    expect((await s.call('GET', '/api/graphs', { cookie: viewer })).status).toBe(200);
    expect((await s.call('POST', '/api/graphs', { cookie: viewer }, graph('by-viewer'))).status).toBe(403);
    expect((await s.call('POST', '/api/graphs', { cookie: editor }, graph('by-editor'))).status).toBe(201);
    expect((await s.call('GET', '/api/users', { cookie: editor })).status).toBe(403);
    expect((await s.call('POST', '/api/connections', { cookie: editor }, { name: 'x', base_url: 'http://example.com/v1' })).status).toBe(403);
    const users = await s.call('GET', '/api/users', { cookie: admin });
    expect(users.body.users.map((u: { email: string; role: string }) => `${u.email}:${u.role}`)).toEqual([
      'admin@example.com:admin',
      'ed@example.com:editor',
      'vi@example.com:viewer',
    ]);
  });

  it('a role change applies to the next request; the last admin stays admin; a deleted user is out', async () => {
    const cookie = await s.addUser(admin, 'temp@example.com', 'viewer');
    const id = (await s.call('GET', '/api/users', { cookie: admin })).body.users.find((u: { email: string }) => u.email === 'temp@example.com').id;
    expect((await s.call('POST', '/api/graphs', { cookie }, graph('temp-1'))).status).toBe(403);
    expect((await s.call('PATCH', `/api/users/${id}`, { cookie: admin }, { role: 'editor' })).status).toBe(200);
    expect((await s.call('POST', '/api/graphs', { cookie }, graph('temp-1'))).status).toBe(201);

    const adminId = (await s.call('GET', '/api/users', { cookie: admin })).body.users.find((u: { role: string }) => u.role === 'admin').id;
    expect((await s.call('PATCH', `/api/users/${adminId}`, { cookie: admin }, { role: 'viewer' })).status).toBe(409);
    expect((await s.call('DELETE', `/api/users/${adminId}`, { cookie: admin })).status).toBe(409);

    expect((await s.call('DELETE', `/api/users/${id}`, { cookie: admin })).status).toBe(204);
    expect((await s.call('GET', '/api/graphs', { cookie })).status).toBe(401);
  });
});

describe('API keys', () => {
  it('a personal key is shown once, stored hashed, acts with its user role, and stops at revocation', async () => {
    const created = await s.call('POST', '/api/keys', { cookie: viewer }, { name: 'laptop' });
    expect(created.status).toBe(201);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^sy_/);
    expect(created.body.key.prefix).toBe(secret.slice(0, 10));
    const list = await s.call('GET', '/api/keys', { cookie: viewer });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.keys).toHaveLength(1);

    expect((await s.call('GET', '/api/graphs', { bearer: secret })).status).toBe(200);
    expect((await s.call('GET', '/api/v1/models', { bearer: secret })).status).toBe(200);
    expect((await s.call('POST', '/api/graphs', { bearer: secret, origin: null }, graph('by-viewer-key'))).status).toBe(403);
    expect((await s.call('GET', '/api/keys', { cookie: editor })).body.keys).toEqual([]); // keys are personal

    expect((await s.call('DELETE', `/api/keys/${created.body.key.id}`, { cookie: editor })).status).toBe(404);
    expect((await s.call('DELETE', `/api/keys/${created.body.key.id}`, { cookie: viewer })).status).toBe(204);
    const revoked = await s.call('GET', '/api/graphs', { bearer: secret });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('unauthorized');
  });

  it('an editor key writes without an Origin (API clients); a wrong key is 401 in each API shape', async () => {
    const secret = (await s.call('POST', '/api/keys', { cookie: editor }, { name: 'ci' })).body.secret;
    expect((await s.call('POST', '/api/graphs', { bearer: secret, origin: null }, graph('by-editor-key'))).status).toBe(201);
    const wrong = await s.call('GET', '/api/graphs', { bearer: 'sy_nope' });
    expect(wrong.status).toBe(401);
    const v1 = await s.call('GET', '/api/v1/models', { bearer: 'sy_nope' });
    expect(v1.status).toBe(401);
    expect(v1.body.error).toMatchObject({ type: 'invalid_request_error', code: 'unauthorized' });
  });

  it('a personal key cannot mint keys or lift a key budget (a leaked key stays as limited as it was)', async () => {
    const created = (await s.call('POST', '/api/keys', { cookie: editor }, { name: 'capped', max_cost_usd: 1 })).body;
    const byKey = await s.call('POST', '/api/keys', { bearer: created.secret, origin: null }, { name: 'more' });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe('forbidden');
    const lift = await s.call('PATCH', `/api/keys/${created.key.id}`, { bearer: created.secret, origin: null }, { max_cost_usd: null });
    expect(lift.status).toBe(403);
    expect((await s.call('PATCH', `/api/keys/${created.key.id}`, { cookie: editor }, { max_cost_usd: 2 })).status).toBe(200);
  });

  it('SWITCHYARD_API_KEY is a service key with the editor role', async () => {
    expect((await s.call('POST', '/api/graphs', { bearer: SERVICE_KEY, origin: null }, graph('by-service'))).status).toBe(201);
    expect((await s.call('GET', '/api/v1/models', { bearer: SERVICE_KEY })).status).toBe(200);
    expect((await s.call('GET', '/api/users', { bearer: SERVICE_KEY })).status).toBe(403);
    expect((await s.call('GET', '/api/connections/x', { bearer: SERVICE_KEY })).status).toBe(405);
    expect((await s.call('POST', '/api/keys', { bearer: SERVICE_KEY, origin: null }, { name: 'n' })).status).toBe(400); // keys belong to users
  });
});

describe('CSRF and DNS rebinding', () => {
  it('a cross-origin POST is refused even with a valid session, as is one without Origin', async () => {
    const evil = await s.call('POST', '/api/graphs', { cookie: admin, origin: 'http://evil.example' }, graph('csrf-1'));
    expect(evil.status).toBe(403);
    expect(evil.body.error.code).toBe('cross_origin');
    expect((await s.call('POST', '/api/graphs', { cookie: admin, origin: null }, graph('csrf-2'))).status).toBe(403);
    expect((await s.call('POST', '/api/graphs', { cookie: admin, origin: 'null' }, graph('csrf-3'))).status).toBe(403);
    const marked = await s.call('POST', '/api/graphs', { bearer: SERVICE_KEY, origin: null, headers: { 'sec-fetch-site': 'cross-site' } }, graph('csrf-4'));
    expect(marked.status).toBe(403);
    expect((await s.call('GET', '/api/graphs', { cookie: admin })).body.graphs.map((g: { name: string }) => g.name)).not.toContain('csrf-1');
  });

  it('a text/plain import needs a session or key, and is refused cross-origin', async () => {
    const yaml = 'switchyard: 1\nname: plain-import\nnodes: {}\nedges: []\n';
    const anon = await s.call('POST', '/api/graphs/import', { headers: { 'content-type': 'text/plain' } }, yaml);
    expect(anon.status).toBe(401);
    const cross = await s.call('POST', '/api/graphs/import', { cookie: admin, origin: 'http://evil.example', headers: { 'content-type': 'text/plain' } }, yaml);
    expect(cross.status).toBe(403);
  });

  it('a foreign Host is refused (also on reads); SWITCHYARD_HOSTS names are allowed, with their port when given', async () => {
    const auth = { authorization: `Bearer ${SERVICE_KEY}` };
    const foreign = await s.rawRequest('GET', '/api/graphs', { ...auth, host: 'rebound.attacker.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.code).toBe('host_not_allowed');
    expect((await s.rawRequest('GET', '/api/graphs', { ...auth, host: `switchyard.test:${s.api.port}` })).status).toBe(200);
    expect((await s.rawRequest('GET', '/api/graphs', { ...auth, host: 'other.test:8443' })).status).toBe(200);
    expect((await s.rawRequest('GET', '/api/graphs', { ...auth, host: 'other.test:9999' })).status).toBe(403);
    expect((await s.rawRequest('POST', '/api/auth/sign-in/email', { host: 'rebound.attacker.example', origin: 'http://rebound.attacker.example' })).status).toBe(403);
    expect((await s.rawRequest('GET', '/api/health', { host: 'rebound.attacker.example' })).status).toBe(200); // public probe
  });
});

describe('rate limits', () => {
  it('per key: over SWITCHYARD_RATE_LIMIT a caller gets 429 with Retry-After; another caller is unaffected', async () => {
    const restore = setEnv({ SWITCHYARD_RATE_LIMIT: '3' });
    try {
      const mine = (await s.call('POST', '/api/keys', { cookie: editor }, { name: 'burst' })).body.secret;
      for (let i = 0; i < 3; i++) expect((await s.call('GET', '/api/v1/models', { bearer: mine })).status).toBe(200);
      const limited = await s.call('GET', '/api/v1/models', { bearer: mine });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited.body.error.code).toBe('rate_limited');
      expect((await s.call('GET', '/api/v1/models', { cookie: viewer })).status).toBe(200);
      expect((await s.call('GET', '/api/graphs', { bearer: mine })).status).toBe(200); // the REST reads are not limited
    } finally {
      restore();
    }
  });

  it('per user: run starts are limited too', async () => {
    const restore = setEnv({ SWITCHYARD_RATE_LIMIT: '1' });
    try {
      const cookie = await s.addUser(admin, 'runner@example.com', 'editor');
      const first = await s.call('POST', '/api/graphs/none/runs', { cookie }, { input: 'hi' });
      expect(first.status).toBe(404); // counted, then the handler found no graph
      const second = await s.call('POST', '/api/graphs/none/runs', { cookie }, { input: 'hi' });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('60');
    } finally {
      restore();
    }
  });
});
