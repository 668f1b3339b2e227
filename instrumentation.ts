/**
 * Runs once when a Next.js server starts: check the auth binding, migrate the database, seed the
 * examples, and create the first admin from the environment when asked.
 * Node.js runtime only (better-sqlite3 is native), loaded dynamically so the edge bundle and
 * `next build` never pull it in; skipped during the production build phase.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startServer } = await import('./lib/server/startup');
  const { ensureAdminFromEnv } = await import('./lib/server/auth-users');
  try {
    startServer();
    const admin = await ensureAdminFromEnv();
    if (admin) console.log(`[switchyard] first admin ${admin} created from SWITCHYARD_ADMIN_EMAIL`);
  } catch (err) {
    // e.g. SWITCHYARD_AUTH=off on a non-loopback address: refuse to serve at all
    console.error(`[switchyard] cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
