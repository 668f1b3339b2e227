/**
 * Deadlines for request bodies at the socket, so a slow body costs nothing, with or without
 * credentials (a request refused before its body is read, e.g. a 401, left Node reading and
 * discarding the rest for up to its default requestTimeout: 300 s).
 *
 * `next start` creates the HTTP server itself (next/dist/server/lib/start-server.js: a plain
 * http.createServer, only keepAliveTimeout is configurable) before instrumentation.ts runs, and
 * hands nothing of it to the app. What reaches it is Node's diagnostics channel
 * `http.server.request.start`, published for every request with its request, socket and server.
 * On it:
 * - each request whose body has not fully arrived SWITCHYARD_BODY_TIMEOUT_S (default 30) seconds
 *   after its headers (plus a second, so readJson's own 408 goes out first when a handler is
 *   reading it, lib/server/body-bytes.ts) has its socket destroyed;
 * - the server's headersTimeout (SWITCHYARD_HEADERS_TIMEOUT_S, default 20) and requestTimeout
 *   (the body timeout plus that second) are set on the first request, for headers that trickle in
 *   (Node checks those every 30 s).
 */
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { bodyTimeoutMs } from './body-bytes';

type Env = Record<string, string | undefined>;

export const DEFAULT_HEADERS_TIMEOUT_S = 20;
/** After the body deadline, the time readJson's 408 has to go out before the socket is cut. */
const GRACE_MS = 1000;
const CHANNEL = 'http.server.request.start';

/** SWITCHYARD_HEADERS_TIMEOUT_S in ms (a missing or bad value is the default). */
export function headersTimeoutMs(env: Env = process.env): number {
  const s = Number(env.SWITCHYARD_HEADERS_TIMEOUT_S?.trim() || NaN);
  return Math.round((Number.isFinite(s) && s > 0 ? s : DEFAULT_HEADERS_TIMEOUT_S) * 1000);
}

interface RequestStart {
  request: IncomingMessage;
  socket: Socket;
  server: Server;
}

const KEY = Symbol.for('switchyard.request-deadlines');
type G = typeof globalThis & { [KEY]?: { uninstall: () => void; cut: number } };

/** Sockets cut by a body deadline since installed (tests, logs). */
export function requestsCut(): number {
  return (globalThis as G)[KEY]?.cut ?? 0;
}

/**
 * Subscribes to the channel once per process (a second call returns the first one's uninstall);
 * returns the function that unsubscribes.
 */
export function installRequestDeadlines(env: Env = process.env): () => void {
  const g = globalThis as G;
  if (g[KEY]) return g[KEY].uninstall;
  const bodyMs = bodyTimeoutMs(env);
  const headersMs = headersTimeoutMs(env);
  const configured = new WeakSet<Server>();
  const state = { cut: 0, uninstall: () => {} };

  const onStart = (message: unknown) => {
    const { request, socket, server } = message as RequestStart;
    if (server && !configured.has(server)) {
      configured.add(server);
      // Node refuses a headersTimeout above requestTimeout.
      server.requestTimeout = bodyMs + GRACE_MS;
      server.headersTimeout = Math.min(headersMs, server.requestTimeout);
    }
    if (!request || !socket || request.complete) return;
    const timer = setTimeout(() => {
      if (request.complete || socket.destroyed) return;
      state.cut++;
      socket.destroy();
    }, bodyMs + GRACE_MS);
    timer.unref();
    // The socket outlives the request when kept alive: its listener goes with the request's end, so
    // a long-lived connection does not collect one per request.
    const clear = () => {
      clearTimeout(timer);
      socket.off('close', clear);
    };
    request.once('end', clear);
    request.once('close', clear);
    socket.once('close', clear);
  };

  diagnostics.subscribe(CHANNEL, onStart);
  state.uninstall = () => {
    diagnostics.unsubscribe(CHANNEL, onStart);
    if (g[KEY] === state) delete g[KEY];
  };
  g[KEY] = state;
  return state.uninstall;
}
