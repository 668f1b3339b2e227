import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import LongestFirstSequencer from './lib/testing/sequencer';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside a React Server environment; tests run db code directly.
      'server-only': fileURLToPath(new URL('./lib/testing/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**'],
    environment: 'node',
    testTimeout: 20_000,
    // Runs execute on the test process's thread unless a file (or SWITCHYARD_RUN_THREADS=2 npx vitest …,
    // to run a suite on run threads) says otherwise: lib/runtime/threads.
    env: { SWITCHYARD_RUN_THREADS: process.env.SWITCHYARD_RUN_THREADS ?? '0' },
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files mostly wait (HTTP servers, spawned workers and servers, PostgreSQL, Redis) rather than
    // compute: vitest's default of one worker per core but one (1 on a 2-core CI machine) left the CPU
    // idle most of the run. At least 3 files at a time.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // The default reporter, then the ten slowest files (import + tests): where CI time goes.
    reporters: ['default', './lib/testing/durations-reporter.ts'],
    // Longest files first, also without the timings of an earlier run (lib/testing/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    // The Postgres test files share one cluster, started by the first of them (lib/testing/shared-postgres.ts).
    globalSetup: ['./lib/testing/postgres-global-setup.ts'],
  },
});
