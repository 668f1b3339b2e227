/**
 * Issue 21: run execution off the HTTP event loop. 100 runs at once against a mock model (its own
 * process, answering each run with a few hundred KB streamed in small pieces, with latency) while
 * this process, the server, is asked GET /api/health one request after another. It reports health
 * p50/p99 idle and under the runs and their ratio (printed: no assertion on time, the machine is
 * shared), and asserts that every run succeeded and that every one was executed on a run thread,
 * none on the server's thread. bench/health-under-runs.ts compares threads with in-process runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getStore } from '@/db/store';
import { freePort } from '@/lib/testing/free-port';
import { startHarness, type Harness } from '../testing/harness';
import { agentGraph } from '../testing/graphs';
import { waitForRun } from '../run-manager';
import { runThreadPool, runThreadStats } from './pool';

const RUNS = 100;
const REPLY_BYTES = 300 * 1024;
const CHUNK = 2048;
const THREADS = 2;

let mock: ChildProcess;
let h: Harness;
const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-health-runs-'));

beforeAll(async () => {
  const script = path.join(dir, 'script.json');
  // ~300 KB per run, in 150 chunks 5 ms apart (about a second of streaming), after the request's own latency
  writeFileSync(script, JSON.stringify({ rules: [{ name: 'long', reply: { content: 'word '.repeat(REPLY_BYTES / 5), chunkSize: CHUNK, delayMs: 5 } }] }));
  const port = await freePort();
  mock = spawn(process.execPath, ['--import', 'tsx', 'lib/llm/testing/serve.ts'], { env: { ...process.env, MOCK_OPENAI_PORT: String(port), MOCK_OPENAI_SCRIPT: script }, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    mock.once('exit', (code) => reject(new Error(`the mock model exited (${code})`)));
    createInterface({ input: mock.stdout! }).once('line', resolve);
  });
  const url = /listening on (\S+)/.exec(line)![1];
  h = await startHarness({
    OPENAI_BASE_URL: url,
    OPENAI_API_KEY: 'sk-test',
    SWITCHYARD_RUN_THREADS: String(THREADS),
    SWITCHYARD_MAX_CONCURRENT_RUNS: String(RUNS),
    SWITCHYARD_MODEL_MAX_RETRIES: '0',
  });
  await runThreadPool(THREADS)!.warm(); // every thread loaded before the clock starts
}, 240_000);

afterAll(async () => {
  await h?.close();
  mock?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

async function healthOnce(): Promise<number> {
  const t = performance.now();
  const res = await h.api.fetch('/api/health');
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - t;
}

it(`${RUNS} concurrent runs execute on run threads while /api/health keeps answering`, async () => {
  const graphId = await h.createGraph(agentGraph('long-replies'));
  for (let i = 0; i < 50; i++) await healthOnce(); // warm-up: the route loaded and compiled
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await healthOnce());
  const before = Object.values(runThreadStats()?.done ?? {}).reduce((a, b) => a + b, 0);

  const started = performance.now();
  const under: number[] = [];
  let done = false;
  const polling = (async () => {
    while (!done) under.push(await healthOnce());
  })();
  const runIds = await Promise.all(Array.from({ length: RUNS }, (_, i) => h.startRun(graphId, { input: `run ${i}` })));
  await Promise.all(runIds.map((id) => waitForRun(id)));
  done = true;
  await polling;
  const seconds = (performance.now() - started) / 1000;

  const rows = await Promise.all(runIds.map((id) => getStore().runs.get(id)));
  expect(rows.map((r) => r?.status)).toEqual(runIds.map(() => 'succeeded'));
  expect(rows.every((r) => String(r?.output).startsWith('word word'))).toBe(true);
  const stats = runThreadStats()!;
  expect(Object.values(stats.done).reduce((a, b) => a + b, 0) - before).toBe(RUNS);
  expect(Object.keys(stats.done).map(Number)).not.toContain(threadId);
  expect(stats.started).toBe(THREADS);

  const report = {
    runs: RUNS,
    threads: THREADS,
    seconds: Number(seconds.toFixed(1)),
    healthAnswers: under.length,
    idle: { p50: Number(quantile(idle, 0.5).toFixed(2)), p99: Number(quantile(idle, 0.99).toFixed(2)) },
    underRuns: { p50: Number(quantile(under, 0.5).toFixed(2)), p99: Number(quantile(under, 0.99).toFixed(2)), max: Number(Math.max(...under).toFixed(2)) },
    p99Ratio: Number((quantile(under, 0.99) / quantile(idle, 0.99)).toFixed(1)),
  };
  console.log(`[health under ${RUNS} runs on ${THREADS} run threads] ${JSON.stringify(report)}`);
  expect(under.length).toBeGreaterThan(0);
}, 600_000);
