/** The model connections' fetch: kept-alive connections are not reused once a server may have dropped them. */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { modelFetch } from './model-fetch';

/**
 * A raw HTTP/1.1 server like uvicorn: keeps connections alive without a `Keep-Alive: timeout` hint,
 * answers the first request on each connection, and resets any connection reused after it has been
 * idle for a while (what a server that dropped an idle connection does to a request sent on it).
 */
let server: Server;
let port = 0;
let connections = 0;
let resets = 0;
let restore: () => void;
beforeAll(async () => {
  server = createServer((socket: Socket) => {
    connections++;
    let answered = false;
    let idleSince = 0;
    socket.on('data', () => {
      if (answered && Date.now() - idleSince > 3_000) {
        resets++;
        socket.resetAndDestroy();
        return;
      }
      answered = true;
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: keep-alive\r\n\r\n{"ok":true}');
      idleSince = Date.now();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  restore = setEnv({ SWITCHYARD_ALLOWED_HOSTS: `127.0.0.1:${port}` });
});
afterAll(() => {
  restore();
  server.close();
});

describe('modelFetch', () => {
  it('reuses a connection right away, and after 4.5 s idle opens a new one instead of sending on one the server dropped', async () => {
    const call = async () => (await modelFetch(`http://127.0.0.1:${port}/v1/models`)).json();
    expect(await call()).toEqual({ ok: true });
    expect(await call()).toEqual({ ok: true }); // at once: the same connection
    expect(connections).toBe(1);
    await new Promise((r) => setTimeout(r, 4_500));
    expect(await call()).toEqual({ ok: true }); // the idle connection was closed on our side: a new one
    expect(resets).toBe(0);
    expect(connections).toBe(2);
  }, 15_000);
});
