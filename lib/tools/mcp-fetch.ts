/**
 * A `fetch` for the MCP SDK's HTTP transports (streamable HTTP, SSE) over the SSRF-guarded client:
 * every request is checked and pinned like a tool's (http-client.ts, ssrf.ts), and the response
 * streams (an MCP server answers with event streams that stay open).
 */
import { Readable } from 'node:stream';
import { AppError } from '../errors';
import { guardedStream } from './http-client';

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

async function bodyText(body: RequestInit['body']): Promise<string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return Buffer.from(body as ArrayBuffer).toString('utf8');
  throw new AppError('http_error', 'MCP requests carry JSON text bodies only');
}

function plainHeaders(h: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries(new Headers(h ?? {}).entries());
}

/** A fetch through the guarded client; `allowedHosts` as for tools (default SWITCHYARD_ALLOWED_HOSTS). */
export function guardedWebFetch(opts: { allowedHosts?: string[]; timeoutMs?: number } = {}): FetchLike {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : (input as Request).url;
    const res = await guardedStream({
      url,
      method: init.method ?? 'GET',
      headers: plainHeaders(init.headers),
      body: await bodyText(init.body),
      signal: init.signal ?? undefined,
      allowedHosts: opts.allowedHosts,
      timeoutMs: opts.timeoutMs,
    });
    const noBody = res.status === 204 || res.status === 304 || (init.method ?? 'GET').toUpperCase() === 'HEAD';
    if (noBody) res.body.resume();
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) headers.set(k, v);
    return new Response(noBody ? null : (Readable.toWeb(res.body) as ReadableStream<Uint8Array>), { status: res.status, headers });
  };
}
