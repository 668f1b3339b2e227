/**
 * Integration-test harness: serves the REAL route handler modules (app/api/**\/route.ts) over real
 * HTTP on 127.0.0.1 (port 0 = a free port). The route table is built by scanning app/api, so new
 * routes need no edits here. Each request becomes a web Request and is passed to the module's
 * exported GET/POST/... with `{ params: Promise.resolve({...}) }` (the Next 16 signature); the web
 * Response body is streamed back chunk by chunk (SSE works), and a client disconnect aborts
 * `request.signal`.
 *
 * Serving the real app (no `root` given), it first runs the server's start-up as instrumentation.ts
 * does (lib/server/startup.ts: database, recovery of interrupted runs; no example seeding), so set
 * process.env.SWITCHYARD_DB (a temp file) before starting it. Route modules are imported lazily, on
 * the first request that reaches them.
 */
import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { statusOf, type ErrorCode } from '@/lib/errors';
import { startServer } from '@/lib/server/startup';
import { queueUrl } from '@/lib/runtime/config';
import { runThreadsReady } from '@/lib/runtime/threads/pool';
import { setEnv } from './env';

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'catchAll'; name: string; optional: boolean };

export interface RouteEntry {
  /** e.g. `/api/graphs/:id/export`, `/api/files/*path` */
  pattern: string;
  file: string;
  segments: Segment[];
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Response | Promise<Response>;
type RouteModule = Partial<Record<(typeof HTTP_METHODS)[number], Handler>>;

function parseSegment(dir: string): Segment | null {
  if (/^\(.*\)$/.test(dir)) return null; // route group: not part of the URL
  let m = /^\[\[\.\.\.(.+)\]\]$/.exec(dir);
  if (m) return { kind: 'catchAll', name: m[1], optional: true };
  m = /^\[\.\.\.(.+)\]$/.exec(dir);
  if (m) return { kind: 'catchAll', name: m[1], optional: false };
  m = /^\[(.+)\]$/.exec(dir);
  if (m) return { kind: 'param', name: m[1] };
  return { kind: 'static', value: dir };
}

function patternOf(segments: Segment[]): string {
  return (
    '/' +
    segments.map((s) => (s.kind === 'static' ? s.value : s.kind === 'param' ? `:${s.name}` : `*${s.name}${s.optional ? '?' : ''}`)).join('/')
  );
}

/** Next's precedence: static segments before dynamic ones before catch-alls, position by position. */
function rank(s: Segment | undefined): number {
  if (!s) return 3;
  return s.kind === 'static' ? 0 : s.kind === 'param' ? 1 : 2;
}
function compareRoutes(a: RouteEntry, b: RouteEntry): number {
  const n = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const d = rank(a.segments[i]) - rank(b.segments[i]);
    if (d) return d;
  }
  return b.segments.length - a.segments.length;
}

/** Every route.ts/route.js under `<root>/app` (app/api by default), as URL patterns, most specific first. */
export function scanRoutes(root = process.cwd(), under = 'app/api'): RouteEntry[] {
  const appDir = path.join(root, 'app');
  const base = path.join(root, under);
  const files = (readdirSync(base, { recursive: true }) as string[])
    .filter((f) => /(^|[\\/])route\.(ts|tsx|js|mjs)$/.test(f))
    .map((f) => path.join(base, f));
  return files
    .map((file) => {
      const rel = path.relative(appDir, path.dirname(file));
      const segments = rel.split(path.sep).filter(Boolean).map(parseSegment).filter((s): s is Segment => s !== null);
      return { pattern: patternOf(segments), file, segments };
    })
    .sort(compareRoutes);
}

export function matchRoute(route: RouteEntry, pathname: string): Record<string, string | string[]> | null {
  const parts = pathname.split('/').filter(Boolean);
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  const params: Record<string, string | string[]> = {};
  let i = 0;
  for (const seg of route.segments) {
    if (seg.kind === 'catchAll') {
      const rest = decoded.slice(i);
      if (!rest.length && !seg.optional) return null;
      if (rest.length) params[seg.name] = rest;
      return params;
    }
    const part = decoded[i++];
    if (part === undefined) return null;
    if (seg.kind === 'static' && part !== seg.value) return null;
    if (seg.kind === 'param') params[seg.name] = part;
  }
  return i === decoded.length ? params : null;
}

/** The one error shape, with the status lib/errors.ts gives the code (as the route helpers answer). */
function errorJson(res: ServerResponse, code: ErrorCode, message: string, extra: Record<string, string> = {}) {
  res.writeHead(statusOf(code), { 'content-type': 'application/json; charset=utf-8', ...extra });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * The request body as a web stream with backpressure. `discard()` drops whatever the handler did not
 * read (a 413/415 answered early), so the keep-alive connection stays usable.
 */
function bodyStream(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; discard(): void } {
  let dropping = false;
  const discard = () => {
    dropping = true;
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (dropping) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once('end', () => {
        if (!dropping) controller.close();
      });
      req.once('error', (err) => {
        if (!dropping) controller.error(err);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      discard();
    },
  }, { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength });
  return { stream, discard };
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal, body: ReadableStream<Uint8Array> | undefined): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const value of Array.isArray(v) ? v : [v]) headers.append(k, value);
  }
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    signal,
    body,
    // Required by undici for a streaming request body.
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendResponse(response: Response, res: ServerResponse, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  // A streamed body (SSE, a download) may wait before its first chunk: its client gets the headers
  // now. A JSON body is complete: its headers go out with it, in one write.
  if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) res.flushHeaders();
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => undefined);
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
      if (res.destroyed) break;
    }
  } catch {
    // the handler's stream failed or the client left: end what we have
  } finally {
    res.off('close', onClose);
    res.end();
  }
}

export interface ApiServer {
  /** e.g. http://127.0.0.1:54321 (no trailing slash) */
  url: string;
  port: number;
  routes: RouteEntry[];
  /** fetch against the server: `api.fetch('/api/graphs')`. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface ApiServerOptions {
  /**
   * Accounts on (default false: the harness sets SWITCHYARD_AUTH=off while it runs, as its server is
   * on 127.0.0.1, and puts the variable back on close). Auth tests say true.
   */
  auth?: boolean;
  /** Repository root holding app/ (default: process.cwd()). */
  root?: string;
  port?: number;
  /** Run the server's start-up first (default: when serving the real app, i.e. no `root`). */
  startup?: boolean;
}

/** Starts the harness. Remember `await server.close()` in afterAll. */
export async function startApiServer(opts: ApiServerOptions = {}): Promise<ApiServer> {
  const restoreEnv = opts.auth ? () => undefined : setEnv({ SWITCHYARD_AUTH: 'off' });
  if (opts.startup ?? opts.root === undefined) {
    await startServer({ seed: false, log: false, host: '127.0.0.1' });
    // SWITCHYARD_RUN_THREADS: a run thread loaded before the first request (it takes seconds; at most 10 s, within a test's budget)
    if (!queueUrl()) await runThreadsReady(10_000);
  }
  const routes = scanRoutes(opts.root);
  const modules = new Map<string, Promise<RouteModule>>();
  const load = (file: string) => {
    let m = modules.get(file);
    if (!m) {
      m = import(/* @vite-ignore */ pathToFileURL(file).href) as Promise<RouteModule>;
      modules.set(file, m);
    }
    return m;
  };
  let origin = 'http://127.0.0.1';

  const server = createServer((req, res) => {
    void (async () => {
      const pathname = new URL(req.url ?? '/', origin).pathname;
      const method = (req.method ?? 'GET').toUpperCase();
      let found: { route: RouteEntry; params: Record<string, string | string[]> } | null = null;
      for (const route of routes) {
        const params = matchRoute(route, pathname);
        if (params) {
          found = { route, params };
          break;
        }
      }
      if (!found) return errorJson(res, 'not_found', `no route for ${pathname}`);
      const mod = await load(found.route.file);
      let handler = mod[method as keyof RouteModule];
      if (!handler && method === 'HEAD') handler = mod.GET;
      if (!handler) {
        const allow = HTTP_METHODS.filter((m) => mod[m]).join(', ');
        return errorJson(res, 'method_not_allowed', `${method} is not allowed on ${found.route.pattern}`, { allow });
      }
      const abort = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) abort.abort();
      });
      const body = method === 'GET' || method === 'HEAD' ? undefined : bodyStream(req);
      if (!body) req.resume();
      const request = toRequest(req, origin, abort.signal, body?.stream);
      try {
        const response = await handler(request, { params: Promise.resolve(found.params) });
        await sendResponse(response, res, method);
      } finally {
        if (!req.complete) body?.discard();
      }
    })().catch((err: unknown) => {
      console.error('[api-server] handler crashed:', err);
      if (!res.headersSent) errorJson(res, 'internal', 'internal server error');
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    port,
    routes,
    fetch: (p, init) => fetch(new URL(p, origin), init),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }).finally(restoreEnv),
  };
}
