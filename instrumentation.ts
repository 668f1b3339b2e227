/**
 * Runs once when a Next.js server starts: check the auth binding, migrate the database, seed the
 * examples, and create the first admin from the environment when asked.
 * Node.js runtime only (better-sqlite3 is native), loaded dynamically so the edge bundle and
 * `next build` never pull it in; skipped during the production build phase.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { bootServer } = await import('./lib/server/startup');
  await bootServer();
}
