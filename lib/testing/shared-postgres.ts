/**
 * One PostgreSQL cluster for all the test files of a vitest run, each file on a database of its own
 * (lib/testing/on-postgres.ts). initdb + start cost seconds of CPU; once per run instead of once per
 * `*.postgres.test.ts` file.
 *
 * postgres-global-setup.ts (vitest's globalSetup) only names an empty directory and, at the end of
 * the run, stops whatever cluster was started there. The cluster is made lazily by the first test
 * file that asks for it (a run without Postgres files pays nothing): that worker takes the lock (an
 * atomic mkdir), starts it and writes `server.json`; workers asking meanwhile wait for that file
 * (or for `error`, the starter's failure). The cluster is not tied to the starting worker: it lives
 * until the global teardown, so a worker that exits leaves it to the others.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { initPostgresCluster, postgresServerOf, stopPostgresCluster, type PostgresClusterInfo, type PostgresServer } from './postgres-server';

/** What globalSetup provides to the test files (vitest `provide`/`inject`). */
export const SHARED_POSTGRES_KEY = 'switchyardSharedPostgresDir';

declare module 'vitest' {
  export interface ProvidedContext {
    [SHARED_POSTGRES_KEY]: string;
  }
}

/** Connections: several files at once, each with its own pool, plus the workers and servers they spawn. */
const MAX_CONNECTIONS = 300;
const WAIT_MS = 180_000;

const infoFile = (holder: string) => path.join(holder, 'server.json');
const errorFile = (holder: string) => path.join(holder, 'error');

/** The shared cluster under `holder`, started by this call when no one has yet. Not owned: stop() does nothing. */
export async function sharedPostgresServer(holder: string): Promise<PostgresServer> {
  let starter = false;
  try {
    mkdirSync(path.join(holder, 'lock'));
    starter = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (starter) {
    let info: PostgresClusterInfo;
    try {
      info = await initPostgresCluster({ parent: holder, maxConnections: MAX_CONNECTIONS });
    } catch (err) {
      writeFileSync(errorFile(holder), (err as Error).message);
      throw err;
    }
    writeFileSync(`${infoFile(holder)}.tmp`, JSON.stringify(info));
    renameSync(`${infoFile(holder)}.tmp`, infoFile(holder));
    return postgresServerOf(info, false);
  }
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(infoFile(holder))) return postgresServerOf(JSON.parse(readFileSync(infoFile(holder), 'utf8')) as PostgresClusterInfo, false);
    if (existsSync(errorFile(holder))) throw new Error(`The shared PostgreSQL cluster did not start: ${readFileSync(errorFile(holder), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`The shared PostgreSQL cluster did not start within ${WAIT_MS / 1000} s (${holder})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Global teardown: stops the cluster started under `holder`, if any. */
export function stopSharedPostgres(holder: string): void {
  if (existsSync(infoFile(holder))) stopPostgresCluster(JSON.parse(readFileSync(infoFile(holder), 'utf8')) as PostgresClusterInfo);
}
