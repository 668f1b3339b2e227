/**
 * vitest globalSetup (vitest.config.ts): an empty directory where the first Postgres test file of
 * the run starts the cluster all of them share (shared-postgres.ts); stopped and removed when the
 * run ends, also when the run process exits early.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SHARED_POSTGRES_KEY, stopSharedPostgres } from './shared-postgres';

export default function setup(project: TestProject): () => void {
  const holder = mkdtempSync(path.join(tmpdir(), 'switchyard-pg-run-'));
  chmodSync(holder, 0o755); // the postgres user makes the cluster inside it
  project.provide(SHARED_POSTGRES_KEY, holder);
  let done = false;
  const teardown = () => {
    if (done) return;
    done = true;
    process.off('exit', teardown);
    try {
      stopSharedPostgres(holder);
    } finally {
      rmSync(holder, { recursive: true, force: true });
    }
  };
  process.once('exit', teardown);
  return teardown;
}
