/**
 * CSRF and DNS rebinding (issue 11 item 2). Every checked request must name one of the server's own
 * hosts in `Host` (localhost, 127.0.0.1, [::1], plus SWITCHYARD_HOSTS, a comma list; an entry with a
 * port matches that port only), so a rebound DNS name reaching us is refused. A state-changing request
 * (anything but GET/HEAD/OPTIONS) must come from our own origin (`Origin` naming the same host), or
 * carry no Origin at all when it is an API client: a Bearer key, or (accounts off) a non-browser client.
 * Same origin means the same scheme too (issue 21 item 6): `Origin: https://host` on a plain-http
 * request is another origin. A malformed Host (`localhost:99999`) is a 400, not a 500.
 */
import { AppError } from '@/lib/errors';
import { peerAddress, trustedProxies } from './client-address';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** The server's own names: the loopback names plus SWITCHYARD_HOSTS (lower case). */
export function allowedHosts(env: Record<string, string | undefined> = process.env): string[] {
  const extra = (env.SWITCHYARD_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  return [...LOOPBACK_NAMES, ...extra];
}

/** `host[:port]` split; IPv6 hosts keep their brackets. Null for something that is not a host (a port above 65535 included). */
function splitHost(value: string): { name: string; port: string | null } | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!m || (m[2] !== undefined && Number(m[2]) > 65535)) return null;
  return { name: m[1].toLowerCase(), port: m[2] ?? null };
}

/** True when a Host header value is a well-formed `host[:port]` (whether or not it is ours). */
export function hostWellFormed(host: string | null): boolean {
  return host !== null && splitHost(host) !== null;
}

/** True when a Host header value names this server (an allow-list entry with a port must match it too). */
export function hostAllowed(host: string | null, env: Record<string, string | undefined> = process.env): boolean {
  const given = host ? splitHost(host) : null;
  if (!given) return false;
  return allowedHosts(env).some((entry) => {
    const e = splitHost(entry);
    if (!e) return false;
    return e.name === given.name && (e.port === null || e.port === given.port);
  });
}

/**
 * True when the request reached us over TLS: itself, or `X-Forwarded-Proto: https` from a peer in
 * SWITCHYARD_TRUSTED_PROXIES (anyone else's header is ignored, as `X-Forwarded-For` is).
 */
export function isTls(req: Request): boolean {
  const peer = peerAddress(req);
  const proto = peer && trustedProxies().has(peer) ? req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
  return proto ? proto === 'https' : new URL(req.url).protocol === 'https:';
}

/** The request's own origin (scheme and Host), or null when its Host is not one of ours. */
export function requestOrigin(req: Request): string | null {
  const host = req.headers.get('host');
  if (!host || !hostAllowed(host)) return null;
  return `${isTls(req) ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/** 400 `bad_request` for a malformed Host (e.g. a port above 65535); 403 `host_not_allowed` unless it names this server. */
export function checkHost(req: Request): void {
  const host = req.headers.get('host');
  if (!hostWellFormed(host)) {
    throw new AppError('bad_request', `the Host header ${JSON.stringify(host ?? '')} is malformed: expected host[:port] with a port up to 65535`);
  }
  if (!hostAllowed(host)) {
    throw new AppError('host_not_allowed', `the Host ${JSON.stringify(host ?? '')} is not one of this server's names; add it to SWITCHYARD_HOSTS`);
  }
}

/**
 * 403 `cross_origin` for a state-changing request from another origin. `Origin` must name the
 * request's own host; without one, the request is allowed only when `allowNoOrigin` (a Bearer key,
 * or accounts off) and the browser did not mark it cross-site.
 */
export function checkOrigin(req: Request, allowNoOrigin: boolean): void {
  if (isSafeMethod(req.method)) return;
  const origin = req.headers.get('origin');
  const host = req.headers.get('host')?.toLowerCase() ?? '';
  if (origin !== null) {
    let given: URL | null = null;
    try {
      given = origin === 'null' ? null : new URL(origin);
    } catch {
      given = null;
    }
    // Scheme and host: https://host is another origin than the http://host this request came to.
    const scheme = isTls(req) ? 'https:' : 'http:';
    if (given !== null && given.host.toLowerCase() === host && given.protocol === scheme) return;
    throw new AppError('cross_origin', `a ${req.method} from ${origin} is refused: only this server's own pages (${scheme}//${host}) may change data`);
  }
  const site = req.headers.get('sec-fetch-site');
  if (allowNoOrigin && site !== 'cross-site' && site !== 'same-site') return;
  throw new AppError('cross_origin', `a ${req.method} without an Origin header is refused: send Authorization: Bearer <API key>`);
}
