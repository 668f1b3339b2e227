/**
 * The server side of a graph's public chat (issue 22, part 3): share settings as JSON, the share
 * token, who may open `/c/<token>` and its API (off: nobody, a 404; signed_in: a signed-in user of
 * this server; link: anyone), which origins may frame it and call its API (the allow-list), the
 * visitor cookie that keeps a visitor's conversation, and the per-visitor rate limit.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { getStore, type GraphRow, type GraphShareRow, type ShareSettings } from '@/db/store';
import type { ShareSettingsRequest, ShareSettingsResponse } from '@/lib/contracts/publishing';
import { AppError, notFound } from '@/lib/errors';
import { requireCaller } from './caller';
import { isTls, requestOrigin } from './csrf';
import { RateLimiter } from './rate-limit';

export const VISITOR_COOKIE = 'switchyard_visitor';
const VISITOR_ID = /^[A-Za-z0-9_-]{20,64}$/;

/** An unguessable share token (192 random bits, URL-safe). */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

export function shareJson(row: GraphShareRow | null): ShareSettingsResponse {
  const s = row ?? DEFAULT_SHARE;
  return {
    access: s.access,
    token: row?.token ?? null,
    path: row ? `/c/${row.token}` : null,
    welcome: s.welcome,
    suggestions: s.suggestions,
    allowed_origins: s.allowedOrigins,
    visitor_per_minute: s.visitorPerMinute,
    daily_cost_usd: s.dailyCostUsd,
  };
}

const DEFAULT_SHARE: Omit<ShareSettings, 'token'> = { access: 'off', welcome: null, suggestions: [], allowedOrigins: [], visitorPerMinute: 10, dailyCostUsd: 5 };

/** The graph's settings after applying a PUT body to what is stored (a token is made the first time, or when asked). */
export function nextShareSettings(current: GraphShareRow | null, body: ShareSettingsRequest): ShareSettings {
  const base: ShareSettings = current ? { ...current } : { ...DEFAULT_SHARE, token: newShareToken() };
  delete (base as Partial<GraphShareRow>).graphId;
  delete (base as Partial<GraphShareRow>).updatedAt;
  return {
    ...base,
    ...(body.access !== undefined ? { access: body.access } : {}),
    ...(body.welcome !== undefined ? { welcome: body.welcome?.trim() || null } : {}),
    ...(body.suggestions !== undefined ? { suggestions: body.suggestions } : {}),
    ...(body.allowed_origins !== undefined ? { allowedOrigins: [...new Set(body.allowed_origins)] } : {}),
    ...(body.visitor_per_minute !== undefined ? { visitorPerMinute: body.visitor_per_minute } : {}),
    ...(body.daily_cost_usd !== undefined ? { dailyCostUsd: body.daily_cost_usd } : {}),
    ...(body.regenerate_token ? { token: newShareToken() } : {}),
  };
}

export interface OpenShare {
  share: GraphShareRow;
  graph: GraphRow;
}

/** The shared graph behind a token, for this request: not_found unless sharing is on; `unauthorized` for signed_in without a session. */
export async function openShare(token: string, req: Request): Promise<OpenShare> {
  const share = token.length <= 100 ? await getStore().shares.byToken(token) : null;
  const graph = share && share.access !== 'off' ? await getStore().graphs.get(share.graphId) : null;
  if (!share || !graph) throw notFound('chat');
  if (share.access === 'signed_in') {
    // Who is calling, without the same-origin check of a state change (the route checks origins itself).
    await requireCaller(new Request(req.url, { method: 'GET', headers: req.headers }), 'viewer');
  }
  return { share, graph };
}

/** The page shell may be framed by the server's own pages and the allow-listed origins only. */
export function frameAncestors(share: Pick<GraphShareRow, 'allowedOrigins'> | null): string {
  return ["frame-ancestors 'self'", ...(share?.allowedOrigins ?? [])].join(' ');
}

/** CORS headers for an allow-listed Origin (none for any other, so the browser keeps the answer from that page). */
export function corsHeaders(req: Request, share: GraphShareRow | null): Record<string, string> {
  const origin = req.headers.get('origin');
  const headers: Record<string, string> = { vary: 'Origin' };
  if (origin && share?.allowedOrigins.includes(origin)) {
    Object.assign(headers, {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST, DELETE',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    });
  }
  return headers;
}

/** A POST or DELETE must come from this server's own pages (the page, or its iframe) or an allow-listed origin. */
export function checkPublicOrigin(req: Request, share: GraphShareRow): void {
  const origin = req.headers.get('origin');
  if (origin === null) {
    const site = req.headers.get('sec-fetch-site');
    if (site === 'cross-site' || site === 'same-site') throw new AppError('forbidden', 'cross-site request without an Origin');
    return;
  }
  if (origin === requestOrigin(req) || share.allowedOrigins.includes(origin)) return;
  throw new AppError('forbidden', 'this page may not use the chat');
}

/** The visitor id in the request's cookie, if well-formed. */
export function visitorOf(req: Request): string | null {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === VISITOR_COOKIE) {
      const v = part.slice(eq + 1).trim();
      return VISITOR_ID.test(v) ? v : null;
    }
  }
  return null;
}

export function newVisitorId(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The Set-Cookie of a visitor id: httpOnly, a year. Over https SameSite=None; Secure, so that a page
 * embedding the chat keeps it; over plain http (development) Lax.
 */
export function visitorCookie(req: Request, id: string): string {
  const site = isTls(req) ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${VISITOR_COOKIE}=${id}; Path=/; HttpOnly; Max-Age=31536000; ${site}`;
}

const LIMITERS = Symbol.for('switchyard.public-limiters');
type G = typeof globalThis & { [LIMITERS]?: Map<number, RateLimiter> };

/** Takes one message from the visitor's budget on this graph: 0 when allowed, else seconds to wait (per process). */
export function takeVisitorMessage(graphId: string, visitorId: string, perMinute: number): number {
  const g = globalThis as G;
  const limiters = (g[LIMITERS] ??= new Map());
  let limiter = limiters.get(perMinute);
  if (!limiter) limiters.set(perMinute, (limiter = new RateLimiter(() => perMinute)));
  return limiter.take(`${graphId}:${visitorId}`);
}

/** For the page /c/<token>: the open share, `sign_in` when it needs a session the request lacks, null when there is no such chat (a 404). */
export async function pageShare(token: string, headers: Headers, url: string): Promise<OpenShare | 'sign_in' | null> {
  try {
    return await openShare(token, new Request(url, { headers }));
  } catch (err) {
    if (err instanceof AppError && (err.code === 'unauthorized' || err.code === 'invalid_api_key')) return 'sign_in';
    if (err instanceof AppError && (err.code === 'not_found' || err.code === 'host_not_allowed' || err.code === 'bad_request' || err.code === 'forbidden')) return null;
    throw err;
  }
}
