/**
 * Runs once when a Next.js server starts: deadlines for request bodies, check the auth binding,
 * migrate the database, seed the examples, and create the first admin from the environment when asked.
 * Node.js runtime only (better-sqlite3 is native), loaded dynamically so the edge bundle and
 * `next build` never pull it in; skipped during the production build phase.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // Slow request bodies are cut at the socket (SWITCHYARD_BODY_TIMEOUT_S): next start's server is not ours to configure.
  const { installRequestDeadlines } = await import('./lib/server/request-deadlines');
  installRequestDeadlines();
  const { bootServer } = await import('./lib/server/startup');
  await bootServer();
}
