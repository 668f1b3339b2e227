/**
 * bench/scale.ts — queue mode (SWITCHYARD_QUEUE) with 1, 2 and 4 worker processes on one SQLite file,
 * then on one Postgres database: runs/s and run latency (p50/p99) of a fixed number of five-call runs
 * against a mock model answering after 50 ms, kept BENCH_CONCURRENCY in flight, and the scaling
 * factor against 1 worker; next to the baseline measured in the same run on the same store: the same
 * runs in one process without a queue.
 *
 * HOW TO RUN
 *   npm run bench:scale           # BENCH_RUNS=300, BENCH_CONCURRENCY=100, BENCH_WORKERS=1,2,4, BENCH_MODEL_LATENCY_MS=50,
 *                                 # BENCH_STORES=sqlite,postgres
 *
 * Needs redis-server (Debian's package; REDIS_SERVER_BIN to point elsewhere): it is started on a
 * free port in a temporary directory (lib/testing/redis-server.ts, as the queue-mode suite does).
 * The workers are `npm run worker` processes (lib/runtime/queue/testing/spawned-worker.ts), each
 * taking up to BENCH_CONCURRENCY runs at once; this process is the web side: it starts runs with
 * the run manager (each becomes a BullMQ job) and waits for them to settle through the Redis event
 * bus. The mock model is a child process too (bench/mock-model.ts). Postgres (Debian's package;
 * POSTGRES_BIN_DIR to point elsewhere) is started as the tests start it (lib/testing/postgres-server.ts:
 * a temporary cluster on a free port, fsync off); without it the Postgres rows say so. Each row also
 * has this process's (the web side's) event-loop delay p99 and max over the measurement
 * (perf_hooks monitorEventLoopDelay).
 */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GraphDocument } from '@/lib/graph/schema';
import { redisServerBinary, startRedisServer } from '@/lib/testing/redis-server';
import { postgresBinDir, startPostgresServer, type PostgresServer } from '@/lib/testing/postgres-server';
import { spawnWorker, type SpawnedWorker } from '@/lib/runtime/queue/testing/spawned-worker';
import { machine, percentile, printTable } from './bench-util';
import { spawnMockModel } from './spawn-mock';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const LATENCY = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 50);
const CALLS = 5;
const STORES = (process.env.BENCH_STORES ?? 'sqlite,postgres').split(',').map((x) => x.trim().toLowerCase());

if (!redisServerBinary()) {
  console.error('bench:scale needs redis-server (apt-get install -y redis-server, or set REDIS_SERVER_BIN)');
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-'));
const mock = await spawnMockModel(LATENCY);
const redis = await startRedisServer();
const env = {
  OPENAI_BASE_URL: mock.url,
  OPENAI_API_KEY: 'sk-bench',
  SWITCHYARD_MODEL_MAX_RETRIES: '0',
  SWITCHYARD_MAX_CONCURRENT_RUNS: String(CONCURRENCY),
  SWITCHYARD_AUTH: 'off',
  // One secret key for this process and the workers, whichever store.
  SWITCHYARD_SECRET_KEY: 'bench-only-secret-key-bench-only-secret-key',
};
Object.assign(process.env, env);

const { getStore } = await import('@/db/store');
const { closeDbAndPool } = await import('@/db/client');
const { startRun, waitForRun } = await import('@/lib/runtime/run-manager');
const { closeQueueConnections } = await import('@/lib/runtime/queue/connections');

const ids = Array.from({ length: CALLS }, (_, k) => `a${k}`);
const doc: GraphDocument = {
  switchyard: 1,
  name: 'scale-bench',
  models: { default: { connection: 'default', model: 'mock-model', temperature: 0 } },
  nodes: Object.fromEntries(ids.map((id) => [id, { role: 'agent', system_prompt: `You are step ${id}.` }])),
  edges: ['START', ...ids, 'END'].slice(1).map((to, k) => ({ from: ['START', ...ids][k], to })),
};
let graphId = '';

async function oneRun(): Promise<void> {
  const run = await startRun(graphId, { input: 'Write one line about trains.', source: 'api' });
  await waitForRun(run.id);
  const settled = await getStore().runs.get(run.id);
  if (settled?.status !== 'succeeded') throw new Error(`run ${run.id} ${settled?.status}: ${JSON.stringify(settled?.error)}`);
}

interface Result {
  runsPerSecond: number;
  p50: number;
  p99: number;
  /** This process's (the web side's) event-loop delay p99 and max over the measurement, ms. */
  loopP99: number;
  loopMax: number;
}

/** Sampled every 5 ms; the histogram records each interval whole, so the 5 ms are subtracted (bench/event-loop-channel.ts). */
const LOOP_RESOLUTION_MS = 5;
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loop.enable();
const loopMs = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);

/** `runs` runs, `CONCURRENCY` in flight (a client starts its next run when one ends). */
async function measure(runs: number): Promise<Result> {
  const latencies: number[] = [];
  let left = runs;
  loop.reset();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, runs) }, async () => {
      while (left > 0) {
        left--;
        const t = performance.now();
        await oneRun();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { runsPerSecond: runs / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), loopP99: loopMs(loop.percentile(99)), loopMax: loopMs(loop.max) };
}

const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);
const cell = (r: Result) => [f1(r.runsPerSecond), `${f0(r.p50)} / ${f0(r.p99)}`, `${f1(r.loopP99)} (${f0(r.loopMax)})`];

/** The baseline and the queue-mode rows on one store (`storeEnv`: SWITCHYARD_DB or DATABASE_URL). */
async function rowsFor(store: string, storeEnv: Record<string, string>): Promise<string[][]> {
  await closeDbAndPool();
  delete process.env.SWITCHYARD_QUEUE;
  delete process.env.DATABASE_URL;
  Object.assign(process.env, storeEnv);
  graphId = (await getStore().graphs.create(doc, DEFAULT_WORKSPACE_ID)).id;

  // Baseline: one process, no queue (admission limit = CONCURRENCY).
  await measure(10); // warm-up
  const baseline = await measure(RUNS);

  // Queue mode: this process only enqueues and waits; the workers execute.
  process.env.SWITCHYARD_QUEUE = redis.url;
  const workerEnv = { ...env, ...storeEnv, SWITCHYARD_QUEUE: redis.url };
  const results: { n: number; r: Result }[] = [];
  for (const n of WORKERS) {
    const workers: SpawnedWorker[] = await Promise.all(Array.from({ length: n }, () => spawnWorker(workerEnv)));
    try {
      await measure(Math.min(RUNS, 10 * n)); // warm-up: every worker's JIT and prepared statements
      results.push({ n, r: await measure(RUNS) });
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }
  const one = results.find((x) => x.n === 1)?.r;
  return [
    ['one process, no queue (baseline)', store, ...cell(baseline), '–', '1.00'],
    ...results.map(({ n, r }) => [
      `queue mode, ${n} worker${n === 1 ? '' : 's'}`,
      store,
      ...cell(r),
      one ? (r.runsPerSecond / one.runsPerSecond).toFixed(2) : '–',
      (r.runsPerSecond / baseline.runsPerSecond).toFixed(2),
    ]),
  ];
}

const rows: string[][] = [];
if (STORES.includes('sqlite')) rows.push(...(await rowsFor('SQLite', { SWITCHYARD_DB: path.join(dir, 'bench.db') })));
let postgres: PostgresServer | null = null;
if (STORES.includes('postgres')) {
  if (postgresBinDir()) {
    postgres = await startPostgresServer();
    rows.push(...(await rowsFor('Postgres', { DATABASE_URL: postgres.createDatabase('bench') })));
  } else {
    console.error('bench:scale: PostgreSQL is not installed (apt-get install -y postgresql, or set POSTGRES_BIN_DIR): its rows are skipped');
    rows.push(['queue mode, 1/2/4 workers', 'Postgres', 'not installed', 'not installed', '–', '–', '–']);
  }
}

console.log(`\nscale: ${RUNS} ${CALLS}-call runs, ${CONCURRENCY} in flight, mock model ${LATENCY} ms latency (${machine()})`);
console.log('runs/s, p50 / p99 run latency in ms (from start to settled, seen by the web side); event loop: this process\'s (the web side\'s) event-loop delay p99 (max) in ms; "vs one process": against the baseline on the same store');
if (postgres) console.log('Postgres: a local cluster on this machine (lib/testing/postgres-server.ts, fsync off)');
console.log('');
printTable(['mode', 'store', 'runs/s', 'p50 / p99 ms', 'web event loop p99 (max) ms', 'vs 1 worker', 'vs one process'], rows);

await closeQueueConnections();
await redis.stop();
mock.stop();
await closeDbAndPool();
postgres?.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
