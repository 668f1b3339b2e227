/**
 * Test server with accounts ON (issue 11): the real routes over HTTP on 127.0.0.1 with a temporary
 * database, SWITCHYARD_AUTH unset, and helpers to set up the first admin, add users, sign in (the
 * session cookie better-auth sets) and call routes as someone (cookie or Bearer key, same-origin
 * Origin on mutations unless told otherwise).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeDb } from '@/db/client';
import type { Role } from '@/lib/contracts/auth';
import { resetRuntimeState } from '@/lib/runtime/globals';
import { startApiServer, type ApiServer } from './api-server';
import { setEnv } from './env';
import { readResponse } from './read-response';

export const PASSWORD = 'correct horse battery';

export interface As {
  cookie?: string;
  bearer?: string;
  /** The Origin header: default the server's own on mutations; null sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
}

export interface AuthServer {
  api: ApiServer;
  call<T = any>(method: string, pathname: string, as?: As, body?: unknown): Promise<{ status: number; body: T; headers: Headers }>;
  /** POST /api/auth/setup (the first admin), then signs in; returns the admin's cookie. */
  setupAdmin(email?: string): Promise<string>;
  /** Adds a user (as the admin) and signs them in; returns their cookie. */
  addUser(adminCookie: string, email: string, role: Role): Promise<string>;
  signIn(email: string, password?: string, headers?: Record<string, string>): Promise<Response>;
  /** A raw request with any Host header (fetch will not send a foreign one). */
  rawRequest(method: string, pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** The `name=value` of the session cookie in a sign-in response. */
export function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => /session_token=/.test(c));
  if (!set) throw new Error(`no session cookie (status ${res.status})`);
  return set.split(';')[0];
}

export async function startAuthServer(env: Record<string, string | undefined> = {}): Promise<AuthServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-auth-'));
  const restoreEnv = setEnv({ SWITCHYARD_DB: path.join(dir, 'test.db'), SWITCHYARD_AUTH: undefined, ...env });
  const api = await startApiServer({ auth: true });

  const call: AuthServer['call'] = async (method, pathname, as = {}, body) => {
    const headers: Record<string, string> = { ...as.headers };
    if (as.cookie) headers.cookie = as.cookie;
    if (as.bearer) headers.authorization = `Bearer ${as.bearer}`;
    const origin = as.origin === undefined ? (method === 'GET' || method === 'HEAD' ? null : api.url) : as.origin;
    if (origin) headers.origin = origin;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await api.fetch(pathname, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
    return readResponse(res);
  };

  const signIn: AuthServer['signIn'] = (email, password = PASSWORD, headers = {}) =>
    api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.url, ...headers },
      body: JSON.stringify({ email, password }),
    });

  const s: AuthServer = {
    api,
    call,
    signIn,
    async setupAdmin(email = 'admin@example.com') {
      const res = await call('POST', '/api/auth/setup', {}, { email, password: PASSWORD });
      if (res.status !== 201) throw new Error(`setup: ${res.status} ${JSON.stringify(res.body)}`);
      return sessionCookie(await signIn(email));
    },
    async addUser(adminCookie, email, role) {
      const res = await call('POST', '/api/users', { cookie: adminCookie }, { email, password: PASSWORD, role });
      if (res.status !== 201) throw new Error(`add user: ${res.status} ${JSON.stringify(res.body)}`);
      return sessionCookie(await signIn(email));
    },
    rawRequest(method, pathname, headers) {
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: api.port, method, path: pathname, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    },
    async close() {
      await api.close();
      resetRuntimeState();
      closeDb();
      restoreEnv();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return s;
}
