/**
 * The one outbound HTTP client of the tools. Every hop: parse with WHATWG URL, http/https only,
 * resolve the host and check every address (ssrf.ts), then connect to exactly the checked address
 * (a pinned `lookup`, so a DNS rebind between check and connect cannot swap it). Redirects are
 * followed by hand (max 5), each hop checked again; caller headers are dropped when a redirect
 * leaves the origin. The body is read up to a byte cap; the whole exchange has a time cap.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../errors';
import { DEFAULTS } from '../graph/defaults';
import { checkAddresses, parseAllowedHosts, parseOutboundUrl, ssrfError, type ResolvedAddress } from './ssrf';

const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
const DEFAULT_HTTP_TIMEOUT_MS = DEFAULTS.http_timeout_s * 1000;
const MAX_REDIRECTS = 5;

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export interface GuardedRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Read at most this many bytes of the response body (default 1 MiB); the rest is dropped. */
  maxBytes?: number;
  /** Cap on the whole exchange, redirects included (default 30 s). */
  timeoutMs?: number;
  /** Hosts/IPs allowed even if private; default env SWITCHYARD_ALLOWED_HOSTS. */
  allowedHosts?: string[];
  signal?: AbortSignal;
  /** DNS resolution (injected by tests to simulate a name pointing at a private address). */
  resolve?: Resolver;
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body was longer than `maxBytes` and was cut. */
  truncated: boolean;
  /** The final URL after redirects. */
  url: string;
}

const systemResolve: Resolver = async (host) => {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

async function resolveChecked(host: string, allowed: Set<string>, resolve: Resolver = systemResolve, port?: number): Promise<ResolvedAddress[]> {
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      throw new AppError('http_error', `Could not resolve host "${host}" (${(err as { code?: string }).code ?? (err as Error).message})`);
    }
  }
  return checkAddresses(host, addresses, allowed, port);
}

/** A `lookup` that always answers the already-checked address. */
function pinnedLookup(addr: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: addr.address, family: addr.family }]);
    else callback(null, addr.address, addr.family);
  }) as unknown as LookupFunction;
}

function allowedHostsOf(req: Pick<GuardedRequest, 'allowedHosts'>): Set<string> {
  return req.allowedHosts ? parseAllowedHosts(req.allowedHosts) : parseAllowedHosts(process.env.SWITCHYARD_ALLOWED_HOSTS);
}

/** The controller of one exchange, aborted with an `http_error` when the time cap (`timeoutMs`, default 30 s) passes. */
function timedController(req: Pick<GuardedRequest, 'url' | 'timeoutMs'>): { ctrl: AbortController; timer: ReturnType<typeof setTimeout> } {
  const timeoutMs = req.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(new AppError('http_error', `Request to ${safeUrl(req.url)} timed out after ${timeoutMs} ms`)), timeoutMs);
  return { ctrl, timer };
}

/** What a failed exchange throws: the abort reason (time cap, cancel), an AppError as is, else an `http_error`. */
function exchangeError(err: unknown, url: string, signal: AbortSignal): AppError {
  if (signal.aborted && signal.reason instanceof AppError) return signal.reason;
  if (err instanceof AppError) return err;
  const e = err as { code?: string; message?: string };
  return new AppError('http_error', `Request to ${safeUrl(url)} failed: ${e.code ?? e.message ?? String(err)}`);
}

export async function guardedFetch(req: GuardedRequest): Promise<GuardedResponse> {
  const allowed = allowedHostsOf(req);
  const { ctrl, timer } = timedController(req);
  const onAbort = () => ctrl.abort(new AppError('cancelled', 'The tool call was cancelled.'));
  if (req.signal?.aborted) onAbort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const { res, url } = await openFollowing(req, allowed, ctrl.signal);
    const { buf, truncated } = await readCapped(res, req.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES, ctrl.signal);
    return { status: res.statusCode ?? 0, headers: flatHeaders(res), body: buf, truncated, url };
  } catch (err) {
    throw exchangeError(err, req.url, ctrl.signal);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
}

/** Sends the request, following redirects (each hop checked); the final response, its body unread. */
async function openFollowing(req: GuardedRequest, allowed: Set<string>, signal: AbortSignal): Promise<{ res: IncomingMessage; url: string }> {
  let url = req.url;
  let method = (req.method ?? 'GET').toUpperCase();
  let body = req.body;
  let headers = req.headers ?? {};
  const origin = parseOutboundUrl(url).url.origin;
  for (let hop = 0; ; hop++) {
    const { url: parsed, host, port } = parseOutboundUrl(url);
    const [addr] = await abortable(resolveChecked(host, allowed, req.resolve, port), signal);
    const res = await send(parsed, addr, method, headers, body, signal);
    const location = res.headers.location;
    if ([301, 302, 303, 307, 308].includes(res.statusCode ?? 0) && location) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new AppError('http_error', `Too many redirects (more than ${MAX_REDIRECTS}) starting at ${safeUrl(req.url)}`);
      const next = new URL(location, parsed);
      if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      if (next.origin !== origin) headers = {}; // never carry credentials to another origin
      url = next.toString();
      continue;
    }
    return { res, url };
  }
}

export interface GuardedStream {
  status: number;
  headers: Record<string, string>;
  url: string;
  /** The response body as it arrives (a long-lived event stream, say); destroyed on abort. */
  body: IncomingMessage;
}

/**
 * The guarded client for a streamed response (MCP's streamable HTTP and SSE transports): the same
 * checks and pinning per hop; `timeoutMs` caps the wait for the response headers only, and
 * `signal` ends the stream. The body is not capped: the caller reads it as it comes.
 */
export async function guardedStream(req: Omit<GuardedRequest, 'maxBytes'>): Promise<GuardedStream> {
  const allowed = allowedHostsOf(req);
  const { ctrl, timer } = timedController(req);
  const onAbort = () => ctrl.abort(req.signal?.reason ?? new AppError('cancelled', 'The request was cancelled.'));
  if (req.signal?.aborted) onAbort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const { res, url } = await openFollowing(req, allowed, ctrl.signal);
    res.once('close', () => req.signal?.removeEventListener('abort', onAbort));
    return { status: res.statusCode ?? 0, headers: flatHeaders(res), url, body: res };
  } catch (err) {
    req.signal?.removeEventListener('abort', onAbort);
    throw exchangeError(err, req.url, ctrl.signal);
  } finally {
    clearTimeout(timer);
  }
}

function send(url: URL, addr: ResolvedAddress, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const outHeaders: Record<string, string | number> = { 'accept-encoding': 'identity', 'user-agent': 'Switchyard-tools/1', ...headers };
    if (body !== undefined) outHeaders['content-length'] = Buffer.byteLength(body);
    const r = mod.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port || undefined,
        path: url.pathname + url.search,
        method,
        headers: outHeaders,
        lookup: pinnedLookup(addr),
        signal,
        agent: false,
      },
      resolve,
    );
    r.on('error', reject);
    if (body !== undefined) r.write(body);
    r.end();
  });
}

function readCapped(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<{ buf: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (truncated: boolean) => {
      if (done) return;
      done = true;
      resolve({ buf: Buffer.concat(chunks).subarray(0, maxBytes), truncated });
    };
    res.on('data', (c: Buffer) => {
      if (done) return;
      chunks.push(c);
      size += c.length;
      if (size > maxBytes) {
        finish(true);
        res.destroy();
      }
    });
    res.on('end', () => finish(false));
    res.on('error', (err) => (done ? undefined : reject(err)));
    res.on('close', () => {
      if (!done && signal.aborted) reject(signal.reason);
      else if (!done && !res.complete) reject(new AppError('http_error', 'The server closed the connection before the response was complete'));
    });
  });
}

function flatHeaders(res: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
}

function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A URL for messages: no query string (it may carry a key). */
export function safeUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.origin}${u.pathname}`;
  } catch {
    return raw.slice(0, 100);
  }
}

export { ssrfError };
