/** A tiny HTTP server on 127.0.0.1 for the tool tests: echo, JSON, big bodies, redirects, a hang. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  origin: string;
  port: number;
  hits: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/**
 * An HTTP server on 127.0.0.1 (a free port) that reads each request's body, records the request in
 * `hits`, then hands it to `handle`.
 */
export async function startRecordingServer(handle: (req: IncomingMessage, res: ServerResponse, body: string, url: URL) => void): Promise<LocalServer> {
  const hits: LocalServer['hits'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body, new URL(req.url ?? '/', 'http://x'));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

export function startLocalServer(routes: Record<string, Handler> = {}): Promise<LocalServer> {
  return startRecordingServer((req, res, body, url) => {
    const route = routes[url.pathname] ?? builtin[url.pathname];
    if (route) return route(req, res, body);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end(`no route ${url.pathname}`);
  });
}

/** Answers with a JSON body. */
export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const builtin: Record<string, Handler> = {
  '/echo': (req, res, body) => json(res, 200, { method: req.method, url: req.url, headers: req.headers, body: body ? JSON.parse(body) : null }),
  '/redirect': (req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
    res.writeHead(302, { location: to });
    res.end();
  },
  '/loop': (_req, res) => {
    res.writeHead(301, { location: '/loop' });
    res.end();
  },
  '/big': (req, res) => {
    const bytes = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('bytes') ?? 2_000_000);
    res.writeHead(200, { 'content-type': 'text/plain' });
    const block = 'x'.repeat(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const n = Math.min(block.length, bytes - sent);
        sent += n;
        if (!res.write(block.slice(0, n))) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  },
  '/hang': () => {},
  '/status': (req, res) => {
    const code = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('code') ?? 500);
    res.writeHead(code, { 'content-type': 'text/plain' });
    res.end(`status ${code} body`);
  },
};
