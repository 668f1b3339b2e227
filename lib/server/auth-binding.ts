/**
 * Running without accounts (SWITCHYARD_AUTH=off) is allowed only on loopback: the server refuses to
 * start open on any other address. The address checked is the one the server actually listens on
 * (issue 21 item 6): when instrumentation.ts runs, Next's http.Server is already listening, so the
 * start-up reads the address of every listening server of the process (`listeningHosts`; `next start
 * -H 0.0.0.0` with HOST=127.0.0.1 is refused). Only when no server listens yet (a harness that starts
 * up first) does it fall back to what the server was told: HOST (our npm scripts pass it to `next
 * -H`, default 127.0.0.1), else the `-H`/`--hostname` argument; neither means every interface.
 */
import { Server } from 'node:net';
import { authEnabled } from './caller';

/** The address the server was told to listen on, or undefined (every interface). */
export function boundHost(env: Record<string, string | undefined> = process.env, argv: string[] = process.argv): string | undefined {
  const fromEnv = env.HOST?.trim();
  if (fromEnv) return fromEnv;
  const i = argv.findIndex((a) => a === '-H' || a === '--hostname');
  if (i >= 0 && argv[i + 1]) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith('--hostname='));
  return eq ? eq.slice('--hostname='.length) : undefined;
}

export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The addresses the process's servers listen on (TCP only; a Unix socket is local). Node has no
 * public list of a process's servers: this reads its active handles (`process._getActiveHandles`,
 * present in every Node version the app supports), keeping the listening net.Server instances.
 * undefined when that list is unavailable.
 */
export function listeningHosts(): string[] | undefined {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.();
  if (!handles) return undefined;
  const hosts: string[] = [];
  for (const h of handles) {
    if (!(h instanceof Server) || !h.listening) continue;
    const a = h.address();
    if (a && typeof a === 'object') hosts.push(a.address);
  }
  return hosts;
}

/**
 * The addresses to check at start: the given one (a harness that has not listened yet), else the
 * listening servers' (none yet: what the server was told, boundHost).
 */
export function hostsToCheck(given?: string): (string | undefined)[] {
  if (given !== undefined) return [given];
  const listening = listeningHosts();
  return listening?.length ? listening : [boundHost()];
}

/** Throws when accounts are off and the server listens beyond loopback. */
export function assertSafeBinding(host: string | undefined, env: Record<string, string | undefined> = process.env): void {
  if (authEnabled(env)) return;
  if (host !== undefined && isLoopbackHost(host)) return;
  throw new Error(
    `SWITCHYARD_AUTH=off is allowed only on loopback, but the server listens on ${host === undefined || host === '0.0.0.0' || host === '::' ? `${host ?? ''} (every interface)`.trim() : host}: ` +
      'listen on 127.0.0.1 (HOST=127.0.0.1 and next -H 127.0.0.1, the default of npm run dev / npm start), or turn accounts on',
  );
}
