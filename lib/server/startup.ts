/**
 * Server start: refuse unsafe settings (lib/server/unsafe-settings.ts: short or published secrets,
 * settings that do not parse) and accounts off beyond loopback on the address actually bound
 * (lib/server/auth-binding.ts), capture each request's peer address (lib/server/client-address.ts),
 * open the database (which applies pending migrations), hold this process's share of the server
 * lock that `npm run rotate-key` checks (db/server-lock.ts), mark the runs a crash or restart left running as `interrupted` (lib/runtime/recovery.ts; no route needs to ask for it),
 * and seed the example graphs on the very first start. Called from instrumentation.ts register() in
 * the Node.js runtime only, and by the test API server (lib/testing/api-server.ts, without seeding);
 * safe to call more than once (the work is done once per process, the seeding once per database).
 */
import 'server-only';
import { databaseFile, isPostgres, openDatabase } from '@/db/client';
import { holdServerLock } from '@/db/server-lock';
import { getStore, type SeedResult } from '@/db/store';
import { ensureRecovered } from '@/lib/runtime/recovery';
import { assertSafeBinding, hostsToCheck } from './auth-binding';
import { installPeerCapture } from './client-address';
import { queueUrl } from '@/lib/runtime/config';
import { warmRunThreads } from '@/lib/runtime/threads/pool';
import { loadExampleFiles } from './examples';
import { assertSafeSettings } from './unsafe-settings';

export interface StartupReport {
  seed: SeedResult;
  /** Example files that did not parse (skipped). */
  invalidExamples: { file: string; message: string }[];
}

const KEY = Symbol.for('switchyard.startup');
type G = typeof globalThis & { [KEY]?: Promise<StartupReport> };

export interface StartupOptions {
  examplesDir?: string;
  log?: boolean;
  /** Seed the example graphs on the first start (default true; the test API server says false). */
  seed?: boolean;
  /** The address the server will listen on, when it does not listen yet (default: the addresses it listens on, lib/server/auth-binding.ts). */
  host?: string;
}

/** The start-up, once per process (a second call gets the first one's report; a failed one is tried again). */
export function startServer(opts: StartupOptions = {}): Promise<StartupReport> {
  const g = globalThis as G;
  const started = (g[KEY] ??= start(opts));
  started.catch(() => {
    if (g[KEY] === started) delete g[KEY];
  });
  return started;
}

async function start(opts: StartupOptions): Promise<StartupReport> {
  assertSafeSettings(); // secrets long enough and not published; settings that parse
  for (const host of hostsToCheck(opts.host)) assertSafeBinding(host); // SWITCHYARD_AUTH=off only on loopback
  installPeerCapture(); // each request's socket address, for the sign-in back-off
  await openDatabase(); // SQLite or the Postgres Pool, migrated
  await holdServerLock(isPostgres() ? '' : databaseFile()); // rotate-key refuses while we run
  await ensureRecovered(); // runs left running by a crash or restart become `interrupted` (resumable)
  if (!queueUrl()) warmRunThreads({ log: opts.log }); // runs execute on worker threads (SWITCHYARD_RUN_THREADS): load them now
  if (opts.seed === false) return { seed: { ran: false, seeded: [] }, invalidExamples: [] };
  const files = loadExampleFiles(opts.examplesDir);
  const invalidExamples = files
    .filter((f) => f.errors)
    .map((f) => ({ file: f.file, message: f.errors!.map((e) => `${e.line ?? '?'}:${e.col ?? '?'} ${e.message}`).join('; ') }));
  const docs = files.flatMap((f) => (f.doc ? [f.doc] : []));
  const seed = await getStore().seedExamples(docs);
  const report = { seed, invalidExamples };
  if (opts.log !== false) {
    for (const bad of invalidExamples) console.warn(`[switchyard] example ${bad.file} skipped: ${bad.message}`);
    if (seed.ran) console.log(`[switchyard] first start: seeded ${seed.seeded.length} example graph(s)`);
  }
  return report;
}

/**
 * What the Next.js server runs at start (instrumentation.ts): startServer, then the first admin from
 * the environment. A server that must not serve (unsafe settings, SWITCHYARD_AUTH=off on a
 * non-loopback address, a key rotation under way) exits here, with the reason naming the setting.
 */
export async function bootServer(): Promise<void> {
  const { ensureAdminFromEnv } = await import('./auth-users');
  try {
    await startServer();
    const admin = await ensureAdminFromEnv();
    if (admin) console.log(`[switchyard] first admin ${admin} created from SWITCHYARD_ADMIN_EMAIL`);
  } catch (err) {
    console.error(`[switchyard] cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
