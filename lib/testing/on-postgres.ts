/**
 * Runs a test file's suite against PostgreSQL: a `*.postgres.test.ts` file awaits onPostgres() and
 * then imports the suite (`if (await onPostgres()) await import('./x.test')`). It points
 * DATABASE_URL at an empty database of this file's own (spawned workers inherit it) on a real
 * server, and drops that database after the suite; returns the server. The server is the cluster
 * every test file of the vitest run shares (shared-postgres.ts, started once), or, with
 * `ownCluster` (a file that restarts the server) or outside vitest.config.ts's globalSetup, one
 * started for this file and stopped after it (postgres-server.ts). Null when PostgreSQL is not
 * installed: the file then has one skipped test saying so (in CI, where .ci/run installs it, a
 * failing one instead).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject, it } from 'vitest';
import { setEnv } from './env';
import { postgresBinDir, startPostgresServer, type PostgresServer } from './postgres-server';
import { SHARED_POSTGRES_KEY, sharedPostgresServer } from './shared-postgres';

export async function onPostgres(opts: { ownCluster?: boolean } = {}): Promise<PostgresServer | null> {
  if (!postgresBinDir()) {
    if (process.env.CI) {
      it('runs against PostgreSQL', () => {
        throw new Error('PostgreSQL is not installed (apt-get install -y postgresql, or set POSTGRES_BIN_DIR)');
      });
    } else {
      console.warn('Postgres suite SKIPPED: PostgreSQL is not installed (apt-get install -y postgresql, or set POSTGRES_BIN_DIR)');
      it.skip('runs against PostgreSQL (not installed)', () => {});
    }
    return null;
  }
  const holder = opts.ownCluster ? undefined : inject(SHARED_POSTGRES_KEY);
  const server = holder ? await sharedPostgresServer(holder) : await startPostgresServer();
  const database = `switchyard_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = server.createDatabase(database);
  const restore = setEnv({ DATABASE_URL: url });
  // Registered before the suite's own hooks: runs after them (after hooks run last-registered first).
  afterAll(async () => {
    try {
      const { closeDbAndPool } = await import('@/db/client');
      await closeDbAndPool();
      // The suite did use Postgres: its schema was migrated there.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname = 'public' and tablename = 'runs'");
        if (Number(rows[0]?.n) !== 1) throw new Error('The suite never opened its Postgres database (DATABASE_URL was not used)');
      } finally {
        await client.end();
      }
    } finally {
      restore();
      try {
        server.dropDatabase(database);
      } finally {
        server.stop();
      }
    }
  });
  return server;
}
