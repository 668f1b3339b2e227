/**
 * bench/health-under-runs.ts — GET /api/health latency (p50/p99) idle and while BENCH_RUNS runs
 * execute at once (issue 21: p99 < 100 ms with 100 concurrent runs), with runs on run threads
 * (SWITCHYARD_RUN_THREADS, lib/runtime/threads) and on the server's thread (SWITCHYARD_RUN_THREADS=0),
 * each a fresh server process (bench/load-server.ts) on its own SQLite file, back to back.
 *
 * HOW TO RUN
 *   npm run bench:health-runs   # BENCH_RUNS=100, BENCH_REPLY_KB=300 per run in BENCH_CHUNK=2048-character
 *                               # chunks BENCH_CHUNK_MS=5 apart, after BENCH_MODEL_LATENCY_MS=50;
 *                               # BENCH_THREADS (default: the server's default, min(4, CPUs)); BENCH_SSE=1:
 *                               # every run's events read over SSE by a client (0: the runs are polled);
 *                               # BENCH_MODES=threads,in-process; BENCH_CPU_PROFILE=<dir>: the server under --cpu-prof
 *
 * Four processes: the mock model (bench/mock-model.ts), the server, this one (the runs' clients)
 * and a health poller (one request after another, timed in a process of its own). Each mode: warm-up runs (the threads load), 200 idle
 * health requests, then the runs started together while health is polled until they all ended.
 * Prints a table: health p50/p99 idle and under the runs, the p99 ratio, the server's event-loop delay
 * p99 under the runs, and how long the runs took.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GraphDocument } from '@/lib/graph/schema';
import { machine, percentile, printTable } from './bench-util';
import { spawnMockModel } from './spawn-mock';
import { spawnServer, type SpawnedServer } from './spawn-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const REPLY_KB = Number(process.env.BENCH_REPLY_KB ?? 300);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 2048);
const CHUNK_MS = Number(process.env.BENCH_CHUNK_MS ?? 5);
const LATENCY = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 50);
const SSE = process.env.BENCH_SSE !== '0';
const THREADS = process.env.BENCH_THREADS;
const MODES = (process.env.BENCH_MODES ?? 'threads,in-process').split(',').map((m) => m.trim());

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-health-'));
const mock = await spawnMockModel(LATENCY, { BENCH_MODEL_REPLY_BYTES: String(REPLY_KB * 1024), BENCH_MODEL_CHUNK: String(CHUNK), BENCH_MODEL_CHUNK_MS: String(CHUNK_MS) });

const graph: GraphDocument = {
  switchyard: 1,
  name: 'long-replies',
  models: { default: { connection: 'default', model: 'gpt-bench' } },
  nodes: { agent: { role: 'agent', strategy: 'tool_calling' } },
  edges: [
    { from: 'START', to: 'agent' },
    { from: 'agent', to: 'END' },
  ],
};

/** A GET, once more when the server closed a kept-alive socket as it was reused (ECONNRESET: its keep-alive timeout). */
async function fetchRetry(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return await fetch(url, init);
  }
}

async function json(res: Response, what: string): Promise<any> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/**
 * GET /api/health one request after another from a process of its own (this one is busy with the
 * runs' clients: timing health here would time this process), `count` times or until stop();
 * resolves with the latencies in ms.
 */
function healthPoller(server: SpawnedServer, count = Infinity): { stop(): void; times: Promise<number[]> } {
  const code = `
    let stop = false; const xs = [];
    process.on('message', () => (stop = true));
    (async () => {
      while (!stop && xs.length < ${Number.isFinite(count) ? count : 'Infinity'}) {
        const t = performance.now();
        const res = await fetch(process.argv[1]);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error('health: ' + res.status);
        xs.push(performance.now() - t);
      }
      process.send(xs, () => process.exit(0));
    })();`;
  const child = spawn(process.execPath, ['-e', code, `${server.url}/api/health`], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const times = new Promise<number[]>((resolve, reject) => {
    child.once('message', (xs) => resolve(xs as number[]));
    child.once('exit', (c) => reject(new Error(`the health poller exited (${c})`)));
  });
  return { stop: () => child.send('stop'), times };
}

/** Starts a run and waits for its end (over SSE, or polling its row); resolves with its status. */
async function run(server: SpawnedServer, graphId: string, i: number): Promise<string> {
  const started = await json(await fetch(`${server.url}/api/graphs/${graphId}/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: `run ${i}` }) }), 'start run');
  const runId: string = started.run_id;
  if (SSE) {
    // Read to the end (the stream ends with the run); its last event says how the run ended (as an
    // API client reads it: no GET of the run's detail, which holds all its events).
    const res = await fetchRetry(`${server.url}/api/runs/${runId}/events`);
    if (!res.ok || !res.body) throw new Error(`events of ${runId}: ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let carry = '';
    let last: string | undefined;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const text = carry + r.value;
      last = [...text.matchAll(/^event: (\S+)$/gm)].at(-1)?.[1] ?? last;
      carry = text.slice(-200); // a frame's `event:` line split across chunks
    }
    return last === 'run.finished' ? 'succeeded' : (last ?? 'no event');
  }
  for (;;) {
    const status: string = (await json(await fetchRetry(`${server.url}/api/runs/${runId}`), 'run')).run.status;
    if (!['queued', 'running'].includes(status)) return status;
    await new Promise((r) => setTimeout(r, 1000)); // a run's detail holds its events: not too often
  }
}

interface Row {
  mode: string;
  idle: number[];
  under: number[];
  eldP99: number;
  seconds: number;
  failed: number;
}

async function measure(mode: string, threads: string): Promise<Row> {
  const server = await spawnServer(
    {
      SWITCHYARD_DB: path.join(dir, `${mode}.db`),
      OPENAI_BASE_URL: mock.url,
      OPENAI_API_KEY: 'sk-bench',
      SWITCHYARD_MODEL_MAX_RETRIES: '0',
      SWITCHYARD_MAX_CONCURRENT_RUNS: String(Math.max(RUNS, 16)),
      ...(threads === '' ? {} : { SWITCHYARD_RUN_THREADS: threads }),
    },
    { eventLoop: true, ...(process.env.BENCH_CPU_PROFILE ? { cpuProfileDir: path.join(process.env.BENCH_CPU_PROFILE, mode.replace(/\W+/g, '-')) } : {}) },
  );
  try {
    const graphId: string = (await json(await fetch(`${server.url}/api/graphs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ document: graph }) }), 'create graph')).id;
    await Promise.all(Array.from({ length: 8 }, (_, i) => run(server, graphId, i))); // warm-up: threads loaded, code compiled
    const idle = (await healthPoller(server, 250).times).slice(50); // the first 50: warm-up
    server.eventLoop!.reset();
    const polling = healthPoller(server);
    const t = performance.now();
    const statuses = await Promise.all(Array.from({ length: RUNS }, (_, i) => run(server, graphId, i)));
    const seconds = (performance.now() - t) / 1000;
    polling.stop();
    const under = await polling.times;
    const eld = await server.eventLoop!.read();
    return { mode, idle, under, eldP99: eld.p99Ms, seconds, failed: statuses.filter((s) => s !== 'succeeded').length };
  } finally {
    await server.stop();
  }
}

console.log(machine());
console.log(`${RUNS} runs at once, each ${REPLY_KB} KB in ${CHUNK}-character chunks ${CHUNK_MS} ms apart after ${LATENCY} ms; SSE clients: ${SSE ? 'yes' : 'no'}`);
const rows: Row[] = [];
try {
  if (MODES.includes('threads')) rows.push(await measure(`threads (${THREADS ?? 'default'})`, THREADS ?? ''));
  if (MODES.includes('in-process')) rows.push(await measure('in-process (0)', '0'));
} finally {
  mock.stop();
  rmSync(dir, { recursive: true, force: true });
}
const ms = (x: number) => x.toFixed(1);
printTable(
  ['runs execute', 'health p50 idle', 'p99 idle', 'p50 under runs', 'p99 under runs', 'p99 ratio', 'answers', 'loop delay p99', 'runs took s', 'failed'],
  rows.map((r) => [
    r.mode,
    ms(percentile(r.idle, 50)),
    ms(percentile(r.idle, 99)),
    ms(percentile(r.under, 50)),
    ms(percentile(r.under, 99)),
    `${(percentile(r.under, 99) / percentile(r.idle, 99)).toFixed(1)}x`,
    String(r.under.length),
    ms(r.eldP99),
    r.seconds.toFixed(1),
    String(r.failed),
  ]),
);
