/**
 * Issue 21: run execution off the HTTP event loop. 100 runs at once against a mock model (its own
 * process, answering each run with a few hundred KB streamed in small pieces, with latency) while
 * this process, the server, is asked GET /api/health one request after another. It reports health
 * p50/p99 idle and under the runs and their ratio (printed: no assertion on time, the machine is
 * shared), and asserts that every run succeeded and that every one was executed on a run thread,
 * none on the server's thread; then the same batch on the server's thread (SWITCHYARD_RUN_THREADS=0)
 * for comparison. bench/health-under-runs.ts measures both from outside, with SSE clients.
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

/** Health p50/p99 while RUNS runs execute at once (started over HTTP, awaited in-process: no client polls them). */
async function underRuns(graphId: string): Promise<{ runIds: string[]; times: number[]; seconds: number }> {
  const started = performance.now();
  const times: number[] = [];
  let done = false;
  const polling = (async () => {
    while (!done) times.push(await healthOnce());
  })();
  const runIds = await Promise.all(Array.from({ length: RUNS }, (_, i) => h.startRun(graphId, { input: `run ${i}` })));
  await Promise.all(runIds.map((id) => waitForRun(id)));
  done = true;
  await polling;
  return { runIds, times, seconds: (performance.now() - started) / 1000 };
}

const doneOnThreads = () => Object.values(runThreadStats()?.done ?? {}).reduce((a, b) => a + b, 0);
const ms = (x: number) => Number(x.toFixed(2));

it(`${RUNS} concurrent runs execute on run threads while /api/health keeps answering (and, for comparison, on the server's thread)`, async () => {
  const graphId = await h.createGraph(agentGraph('long-replies'));
  for (let i = 0; i < 50; i++) await healthOnce(); // warm-up: the route loaded and compiled
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await healthOnce());

  const before = doneOnThreads();
  const threaded = await underRuns(graphId);
  const rows = await Promise.all(threaded.runIds.map((id) => getStore().runs.get(id)));
  expect(rows.map((r) => r?.status)).toEqual(threaded.runIds.map(() => 'succeeded'));
  expect(rows.every((r) => String(r?.output).startsWith('word word'))).toBe(true);
  const stats = runThreadStats()!;
  expect(doneOnThreads() - before).toBe(RUNS); // every run on a thread...
  expect(Object.keys(stats.done).map(Number)).not.toContain(threadId); // ...none on this one
  expect(stats.started).toBe(THREADS);

  // The same on the server's thread (SWITCHYARD_RUN_THREADS=0), for the report.
  process.env.SWITCHYARD_RUN_THREADS = '0';
  let inProcess: Awaited<ReturnType<typeof underRuns>>;
  try {
    inProcess = await underRuns(graphId);
  } finally {
    process.env.SWITCHYARD_RUN_THREADS = String(THREADS);
  }
  const rows0 = await Promise.all(inProcess.runIds.map((id) => getStore().runs.get(id)));
  expect(rows0.map((r) => r?.status)).toEqual(inProcess.runIds.map(() => 'succeeded'));
  expect(doneOnThreads() - before).toBe(RUNS); // none of these on a thread

  const idleP99 = quantile(idle, 0.99);
  const line = (r: typeof threaded) => ({
    seconds: Number(r.seconds.toFixed(1)),
    answers: r.times.length,
    p50: ms(quantile(r.times, 0.5)),
    p99: ms(quantile(r.times, 0.99)),
    max: ms(Math.max(...r.times)),
    p99RatioToIdle: Number((quantile(r.times, 0.99) / idleP99).toFixed(1)),
  });
  const report = { runs: RUNS, idle: { p50: ms(quantile(idle, 0.5)), p99: ms(idleP99) }, [`threads(${THREADS})`]: line(threaded), inProcess: line(inProcess) };
  console.log(`[health under ${RUNS} runs] ${JSON.stringify(report)}`);
  expect(threaded.times.length).toBeGreaterThan(0);
}, 600_000);
