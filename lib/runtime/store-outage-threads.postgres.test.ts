/**
 * The store-outage suite (store-outage.postgres.test.ts) with its runs on run threads
 * (SWITCHYARD_RUN_THREADS=2; the test default is 0): the thread holding a stranded run writes its
 * parked steps and marks it interrupted once Postgres is back, while the server's thread ends the
 * run's SSE streams and then resumes it (recovery.ts watchStrandedRuns, threads/pool.ts).
 */
process.env.SWITCHYARD_RUN_THREADS = '2';
await import('./store-outage.postgres.test');
export {};
