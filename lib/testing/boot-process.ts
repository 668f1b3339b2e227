/**
 * A server process started the way `next start` starts one (issue 21 item 6 tests): an http.Server
 * listens first (on BOOT_LISTEN_HOST, default 127.0.0.1, a free port), then the start-up runs as
 * instrumentation.ts runs it (lib/server/startup.ts bootServer: a refusal exits 1 with the reason).
 *   node --conditions=react-server --import tsx lib/testing/boot-process.ts
 * Prints `booted on <host>:<port>` once started, and serves until killed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((_req, res) => res.end('ok'));
await new Promise<void>((resolve) => server.listen(0, process.env.BOOT_LISTEN_HOST ?? '127.0.0.1', resolve));
const { bootServer } = await import('@/lib/server/startup');
await bootServer();
const a = server.address() as AddressInfo;
console.log(`booted on ${a.address}:${a.port}`);
