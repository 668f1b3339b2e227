/**
 * Runs a test file's suite against PostgreSQL: a `*.postgres.test.ts` file awaits onPostgres() and
 * then imports the suite (`if (await onPostgres()) await import('./x.test')`). It starts a real
 * server (postgres-server.ts), points DATABASE_URL at an empty database for this file (spawned
 * workers inherit it), and stops the server after the suite. False when PostgreSQL is not
 * installed: the file then has one skipped test saying so (in CI, where .ci/run installs it, a
 * failing one instead).
 */
import { afterAll, it } from 'vitest';
import { setEnv } from './env';
import { postgresBinDir, startPostgresServer } from './postgres-server';

export async function onPostgres(): Promise<boolean> {
  if (!postgresBinDir()) {
    if (process.env.CI) {
      it('runs against PostgreSQL', () => {
        throw new Error('PostgreSQL is not installed (apt-get install -y postgresql, or set POSTGRES_BIN_DIR)');
      });
    } else {
      console.warn('Postgres suite SKIPPED: PostgreSQL is not installed (apt-get install -y postgresql, or set POSTGRES_BIN_DIR)');
      it.skip('runs against PostgreSQL (not installed)', () => {});
    }
    return false;
  }
  const server = await startPostgresServer();
  const restore = setEnv({ DATABASE_URL: server.createDatabase('switchyard_test') });
  // Registered before the suite's own hooks: runs after them (after hooks run last-registered first).
  afterAll(async () => {
    const { closeDb } = await import('@/db/client');
    closeDb();
    restore();
    server.stop();
  });
  return true;
}
