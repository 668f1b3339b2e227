/**
 * Running without accounts (SWITCHYARD_AUTH=off) is allowed only on loopback: the server refuses to
 * start open on any other address. The address is HOST (our npm scripts pass it to `next -H`, default
 * 127.0.0.1), else the `-H`/`--hostname` argument of `next start`/`next dev`; neither means Next's
 * default, every interface.
 */
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

/** Throws when accounts are off and the server listens beyond loopback. */
export function assertSafeBinding(host: string | undefined, env: Record<string, string | undefined> = process.env): void {
  if (authEnabled(env)) return;
  if (host !== undefined && isLoopbackHost(host)) return;
  throw new Error(
    `SWITCHYARD_AUTH=off is allowed only on loopback, but the server listens on ${host ?? 'every interface'}: ` +
      'set HOST=127.0.0.1 (the default of npm run dev / npm start), or turn accounts on',
  );
}
