/**
 * The `fetch` of model connections (the OpenAI SDK's, lib/llm/openai-client.ts) under the same
 * outbound address policy as tools (ssrf.ts): every connection a request opens is checked when it
 * is made — the checked address is the one connected to, so DNS rebinding gains nothing — and
 * private, loopback and link-local addresses are refused unless allow-listed. Unlike the tools'
 * client it keeps connections alive (one agent per origin): a model call must not pay a new TLS
 * handshake each time.
 *
 * Allowed: SWITCHYARD_ALLOWED_HOSTS, plus the host:port of OPENAI_BASE_URL — the operator's own
 * `default` connection, configured in the server's environment, is allowed by being configured.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { checkAddresses, parseAllowedHosts, parseOutboundUrl, type ResolvedAddress } from './ssrf';

export type ModelFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const SUBJECT = 'Model connections';

/** What model connections may reach although private: the allow-list and the env default connection's host:port. */
export function modelAllowedHosts(env: Record<string, string | undefined> = process.env): Set<string> {
  const allowed = parseAllowedHosts(env.SWITCHYARD_ALLOWED_HOSTS);
  const base = env.OPENAI_BASE_URL?.trim();
  if (base) {
    try {
      const { host, port } = parseOutboundUrl(base);
      for (const entry of parseAllowedHosts(host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)) allowed.add(entry);
    } catch {
      /* a malformed OPENAI_BASE_URL fails on its own when used */
    }
  }
  return allowed;
}

/** A lookup that resolves `host` and answers only addresses the policy allows (on `port`). */
function checkingLookup(host: string, port: number): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (err: Error | null, address?: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, found) => {
      if (err) return callback(err);
      let ok: ResolvedAddress[];
      try {
        ok = checkAddresses(host, found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })), modelAllowedHosts(), port, SUBJECT);
      } catch (e) {
        return callback(e as Error);
      }
      if (options?.all) callback(null, ok);
      else callback(null, ok[0].address, ok[0].family);
    });
  }) as LookupFunction;
}

const agents = new Map<string, http.Agent>();

/**
 * How long a kept-alive connection may sit idle before it is closed on our side: shorter than the
 * common servers' own idle limit (Node's and uvicorn's 5 s), so a connection is never reused just
 * as the server closes it (ECONNRESET, a failed model call when no retries are left). A server's
 * `Keep-Alive: timeout=N` hint shortens it further (Node's agent applies the hint only when a
 * timeout is set). Only idle connections are affected: a streaming answer may pause for longer.
 */
const IDLE_CONNECTION_MS = 4_000;

function agentFor(url: URL, host: string, port: number): http.Agent {
  const key = `${url.protocol}//${host}:${port}`;
  let agent = agents.get(key);
  if (!agent) {
    const opts = { keepAlive: true, timeout: IDLE_CONNECTION_MS, lookup: checkingLookup(host, port) };
    agent = url.protocol === 'https:' ? new https.Agent(opts) : new http.Agent(opts);
    agents.set(key, agent);
  }
  return agent;
}

async function bodyOf(input: string | URL | Request, init: RequestInit): Promise<Buffer | undefined> {
  const body = init.body ?? (input instanceof Request ? await input.arrayBuffer() : undefined);
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return Buffer.from(body as ArrayBuffer);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  return Buffer.from(await new Response(body as BodyInit).arrayBuffer());
}

/** The guarded fetch: checks literal-IP hosts up front and every resolved host at connect time. */
export const modelFetch: ModelFetch = async (input, init = {}) => {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const { url, host, port } = parseOutboundUrl(raw);
  const literal = isIP(host);
  if (literal) checkAddresses(host, [{ address: host, family: literal === 6 ? 6 : 4 }], modelAllowedHosts(), port, SUBJECT);
  const body = await bodyOf(input, init);
  const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined)).entries());
  if (body) headers['content-length'] = String(body.length);
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(
      { protocol: url.protocol, hostname: host, port, path: url.pathname + url.search, method: init.method ?? 'GET', headers, agent: agentFor(url, host, port), signal },
      (res) => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
        const status = res.statusCode ?? 0;
        const empty = status === 204 || status === 304 || (init.method ?? 'GET').toUpperCase() === 'HEAD';
        if (empty) res.resume();
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage, headers: out }));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
};
