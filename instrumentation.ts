/**
 * Runs once when a Next.js server starts: migrate the database and seed the examples.
 * Node.js runtime only (better-sqlite3 is native), loaded dynamically so the edge bundle and
 * `next build` never pull it in; skipped during the production build phase.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startServer } = await import('./lib/server/startup');
  startServer();
}
