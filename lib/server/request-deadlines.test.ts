/**
 * Slow request bodies cost nothing (lib/server/request-deadlines.ts): a raw socket trickles a body
 * one byte at a time into a server that answers without reading it (as a 401 without credentials
 * does). With the deadlines installed the server cuts the socket once the body deadline passed;
 * without them Node keeps reading and discarding (its default requestTimeout is 300 s). The server
 * gets the configured headersTimeout/requestTimeout on its first request.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { headersTimeoutMs, installRequestDeadlines, requestsCut } from './request-deadlines';

let server: Server | null = null;
let uninstall: (() => void) | null = null;

afterEach(async () => {
  uninstall?.();
  uninstall = null;
  const s = server;
  server = null;
  if (s) await new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())));
});

/** A server that answers 401 at once, never reading the body. */
async function refusingServer(): Promise<number> {
  server = createServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":"unauthorized","message":"sign in"}}');
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/**
 * Sends headers announcing a large body, then a byte every 100 ms for at most `forMs`. Resolves
 * with the answer and whether the server closed the socket (true) or the client stopped first.
 */
function trickle(port: number, forMs: number): Promise<{ answer: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let finished = false;
    const finish = (closedByServer: boolean) => {
      if (finished) return;
      finished = true;
      clearInterval(drip);
      clearTimeout(stop);
      socket.destroy();
      resolve({ answer, closedByServer });
    };
    const drip = setInterval(() => socket.write('x'), 100);
    const stop = setTimeout(() => finish(false), forMs);
    socket.on('connect', () => socket.write('POST /api/graphs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{'));
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('close', () => finish(true));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? finish(true) : reject(err)));
  });
}

describe('request body deadlines at the socket', () => {
  it('a body trickling into a route that refused it (401) is cut after SWITCHYARD_BODY_TIMEOUT_S', { timeout: 30_000 }, async () => {
    uninstall = installRequestDeadlines({ SWITCHYARD_BODY_TIMEOUT_S: '1', SWITCHYARD_HEADERS_TIMEOUT_S: '1' });
    const port = await refusingServer();
    const cutBefore = requestsCut();
    // The client would go on for 20 s: the server has to be the one ending it.
    const { answer, closedByServer } = await trickle(port, 20_000);
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(closedByServer).toBe(true);
    expect(requestsCut() - cutBefore).toBe(1);
    // The server's own timeouts were set on its first request (headers within the body's deadline).
    expect(server!.requestTimeout).toBe(2000);
    expect(server!.headersTimeout).toBe(1000);
  });

  it('without the deadlines, Node keeps the socket reading the body (the client stops first)', { timeout: 30_000 }, async () => {
    const port = await refusingServer();
    const { answer, closedByServer } = await trickle(port, 3000);
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(closedByServer).toBe(false);
  });

  it('a body that arrives in time is not cut, and a second install is the first one', async () => {
    uninstall = installRequestDeadlines({ SWITCHYARD_BODY_TIMEOUT_S: '1' });
    expect(installRequestDeadlines()).toBe(uninstall);
    server = createServer((req, res) => {
      let n = 0;
      req.on('data', (c: Buffer) => (n += c.length));
      req.on('end', () => res.end(String(n)));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const cutBefore = requestsCut();
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: 'POST', body: 'x'.repeat(100_000) });
    expect(await res.text()).toBe('100000');
    expect(requestsCut()).toBe(cutBefore);
  });

  it('a kept-alive socket does not collect a listener per request', async () => {
    uninstall = installRequestDeadlines({ SWITCHYARD_BODY_TIMEOUT_S: '5' });
    const sockets = new Set<import('node:net').Socket>();
    server = createServer((req, res) => {
      sockets.add(req.socket);
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // fetch keeps the connection alive: 30 requests in a row reuse one socket.
    for (let i = 0; i < 30; i++) expect(await (await fetch(url, { method: 'POST', body: 'x' })).text()).toBe('ok');
    expect(sockets.size).toBeLessThan(30);
    for (const socket of sockets) expect(socket.listenerCount('close')).toBeLessThan(5);
  });

  it('reads SWITCHYARD_HEADERS_TIMEOUT_S (a missing or bad value is 20 s)', () => {
    expect(headersTimeoutMs({ SWITCHYARD_HEADERS_TIMEOUT_S: '5' })).toBe(5000);
    expect(headersTimeoutMs({ SWITCHYARD_HEADERS_TIMEOUT_S: 'x' })).toBe(20_000);
    expect(headersTimeoutMs({})).toBe(20_000);
  });
});
