/**
 * A local HTTP server for tool tests: `/big` answers 10 MB, `/fail` a 500, anything else a small
 * secret page. It counts requests, so SSRF tests can prove nothing reached it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const BIG_BYTES = 10 * 1024 * 1024;

export interface TargetServer {
  port: number;
  origin: string;
  hits: string[];
  close(): Promise<void>;
}

export async function startTargetServer(host = '127.0.0.1'): Promise<TargetServer> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '/');
    if (req.url?.startsWith('/big')) {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(BIG_BYTES) });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < BIG_BYTES) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (sent = BIG_BYTES));
      return pump();
    }
    if (req.url?.startsWith('/fail')) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('internal failure of the test server');
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('TOP SECRET: internal data');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
