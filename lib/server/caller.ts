/**
 * Who is calling, and may they (issue 11 items 1, 2, 9). `requireCaller(req, access)` is called by
 * the route wrappers (`route()`, `openaiRoute()`) before every handler, so each route declares its
 * minimum role and the check runs server-side in the handler itself (never only in a proxy or
 * middleware: CVE-2025-29927). In order:
 *   1. `public` routes (health, schema): no checks.
 *   2. Host must be one of the server's names (DNS rebinding), lib/server/csrf.ts.
 *   3. A state-changing request must be same-origin, or an API client without Origin (CSRF).
 *   4. The caller: `Authorization: Bearer` with SWITCHYARD_API_KEY (the service key, editor) or a
 *      personal API key (its user's role), else the better-auth session cookie; none → 401.
 *   5. The caller's role must reach the route's (viewer < editor < admin); else 403. For a resource in
 *      a workspace the route then checks the role in that workspace (lib/server/workspace-access.ts).
 *   6. Rate-limited routes take a token from the caller's bucket (one per user, across their keys and
 *      sessions); empty → 429 with Retry-After.
 * With SWITCHYARD_AUTH=off (loopback only, lib/server/startup.ts) steps 4-6 are skipped and every
 * caller is a local admin.
 */
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { getStore } from '@/db/store';
import { Role, roleAtLeast } from '@/lib/contracts/auth';
import { AppError } from '@/lib/errors';
import { authFor } from './auth';
import { checkHost, checkOrigin } from './csrf';
import { rateLimiter } from './rate-limit';
import { ALL_WORKSPACES, NO_WORKSPACES, keyWorkspaces, userWorkspaces, type CallerWorkspaces } from './caller-workspaces';

/** A route's minimum role, or `public` for the few routes anyone may call. */
export type Access = Role | 'public';

/** `workspaces`: where the caller may act and with which role (lib/server/caller-workspaces.ts). */
export type Caller = (
  | { kind: 'anonymous'; role: null; id: 'anonymous' }
  | { kind: 'local'; role: 'admin'; id: 'local' }
  | { kind: 'service'; role: 'editor'; id: 'service' }
  | { kind: 'key'; role: Role; id: string; userId: string; keyId: string }
  | { kind: 'session'; role: Role; id: string; userId: string; email: string; name: string }
) & { workspaces: CallerWorkspaces };

export interface CallerOptions {
  /** Count this request against the caller's rate limit (lib/server/rate-limit.ts). */
  rateLimit?: boolean;
}

/** The role the service key (SWITCHYARD_API_KEY) acts with: graphs and runs, not users or connections. */
export const SERVICE_ROLE = 'editor' satisfies Role;

/** False only when SWITCHYARD_AUTH=off (then the server must be bound to loopback). */
export function authEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.SWITCHYARD_AUTH?.trim().toLowerCase() !== 'off';
}

export function bearerToken(req: Request): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  return m ? m[1] : null;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(sha256Hex(given), 'hex');
  const b = Buffer.from(sha256Hex(expected), 'hex');
  return timingSafeEqual(a, b);
}

const asRole = (value: unknown): Role => {
  const parsed = Role.safeParse(value);
  return parsed.success ? parsed.data : 'viewer';
};

const unauthorized = (message: string) => new AppError('unauthorized', message);

async function keyCaller(token: string): Promise<Caller> {
  const service = process.env.SWITCHYARD_API_KEY?.trim();
  if (service && sameSecret(token, service)) return { kind: 'service', role: SERVICE_ROLE, id: 'service', workspaces: ALL_WORKSPACES };
  const found = await getStore().apiKeys.findByHash(sha256Hex(token));
  if (!found) throw unauthorized('the API key is not valid (revoked, or never issued)');
  const workspaces = await keyWorkspaces(found.user.id, asRole(found.user.role), found.key.workspaceId);
  // A key acts with its user's role in the key's workspace (none: it may read nothing there).
  const role = workspaces.roles === 'all' ? asRole(found.user.role) : (workspaces.roles.get(found.key.workspaceId) ?? 'viewer');
  return { kind: 'key', role, id: `key:${found.key.id}`, userId: found.user.id, keyId: found.key.id, workspaces };
}

async function sessionCaller(req: Request): Promise<Caller | null> {
  const session = await (await authFor(req)).api.getSession({ headers: req.headers });
  if (!session) return null;
  const u = session.user as { id: string; email: string; name: string; role?: unknown };
  const role = asRole(u.role);
  return { kind: 'session', role, id: `user:${u.id}`, userId: u.id, email: u.email, name: u.name, workspaces: await userWorkspaces(u.id, role) };
}

/** The caller of a request, or null when it brings neither a valid key nor a session (auth on). */
export async function identify(req: Request): Promise<Caller | null> {
  if (!authEnabled()) return { kind: 'local', role: 'admin', id: 'local', workspaces: ALL_WORKSPACES };
  const token = bearerToken(req);
  return token ? keyCaller(token) : sessionCaller(req);
}

/** One bucket per user across all of their keys and sessions (a new key is no fresh bucket); else per caller. */
export function rateLimitBucket(caller: Caller): string {
  return caller.kind === 'key' || caller.kind === 'session' ? `user:${caller.userId}` : caller.id;
}

/** Runs the checks above; returns the caller, or throws 401/403/429 (AppError). */
export async function requireCaller(req: Request, access: Access, opts: CallerOptions = {}): Promise<Caller> {
  if (access === 'public') return { kind: 'anonymous', role: null, id: 'anonymous', workspaces: NO_WORKSPACES };
  checkHost(req);
  const on = authEnabled();
  checkOrigin(req, !on || bearerToken(req) !== null);
  const caller = await identify(req);
  if (!caller) throw unauthorized('sign in, or send Authorization: Bearer <API key>');
  if (!on) return caller;
  if (!caller.role || !roleAtLeast(caller.role, access)) {
    throw new AppError('forbidden', `this needs the ${access} role; you are ${caller.role ?? 'anonymous'}`);
  }
  if (opts.rateLimit) rateLimiter().consume(rateLimitBucket(caller));
  return caller;
}
