/**
 * bench/load.ts — runs per second and run latency (p50/p99) at 1, 10, 50 and 100 concurrent runs of
 * a five-call graph (a chain of five agent nodes) against a mock model answering after 50 ms, over
 * HTTP + SSE, next to a bare `openai` SDK loop making the same five streamed calls, measured in the
 * same run; and the server's CPU per run.
 *
 * HOW TO RUN
 *   npm run bench:load            # BENCH_SECONDS=4 per level, BENCH_MODEL_LATENCY_MS=50, BENCH_LEVELS=1,10,50,100,
 *                                 # BENCH_WARMUP_SECONDS=10 (per server and for the bare loop, at 50 concurrent runs)
 *   BENCH_CPU_PROFILE=/tmp/prof npm run bench:load   # the server runs under `node --cpu-prof` (a .cpuprofile on exit)
 *   BENCH_COMPARE_ROOT=/path/to/other/checkout npm run bench:load   # also that checkout's server, each level back to back
 *
 * Three processes: the mock model (bench/mock-model.ts), the Switchyard server (bench/load-server.ts:
 * the real route handlers over real HTTP, its own SQLite file, the server's default
 * SWITCHYARD_MAX_CONCURRENT_RUNS, runs beyond it wait as queued) and this one, the clients. A
 * Switchyard run is what an API client does: POST /api/graphs/:id/runs, then GET
 * /api/runs/:id/events read as SSE until `run.finished`. A bare run is the `openai` SDK making the
 * five streamed calls from this process. Each level keeps N runs in flight for BENCH_SECONDS (a
 * client starts its next run when one ends) and counts the runs that finished in that window; the
 * Switchyard and bare levels run back to back. CPU per run: the server process's user + system time
 * (/proc/<pid>/stat, all its threads) over the level ÷ runs, next to this process's CPU per bare
 * run; and this process's CPU per Switchyard run (the clients' share of the machine's cores).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import type { GraphDocument } from '@/lib/graph/schema';
import { machine, percentile, printTable } from './bench-util';
import { spawnMockModel } from './spawn-mock';
import { spawnServer, type SpawnedServer } from './spawn-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const LATENCY = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 50);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,10,50,100').split(',').map(Number);
const CALLS = 5;
const INPUT = 'Write one line about trains.';

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-'));
const mock = await spawnMockModel(LATENCY);
const serverEnv = (db: string) => ({
  SWITCHYARD_DB: path.join(dir, db),
  OPENAI_BASE_URL: mock.url,
  OPENAI_API_KEY: 'sk-bench',
  SWITCHYARD_MODEL_MAX_RETRIES: '0',
  SWITCHYARD_RATE_LIMIT: '0', // the clients are one caller: no per-minute limit on run starts
});

const ids = Array.from({ length: CALLS }, (_, k) => `a${k}`);
const doc: GraphDocument = {
  switchyard: 1,
  name: 'load-bench',
  models: { default: { connection: 'default', model: 'mock-model', temperature: 0 } },
  nodes: Object.fromEntries(ids.map((id) => [id, { role: 'agent', system_prompt: `You are step ${id}.` }])),
  edges: ['START', ...ids, 'END'].slice(1).map((to, k) => ({ from: ['START', ...ids][k], to })),
};

async function ok(res: Response, what: string): Promise<any> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

interface Target {
  label: string;
  server: SpawnedServer;
  graphId: string;
}
async function target(label: string, db: string, root?: string): Promise<Target> {
  const server = await spawnServer(serverEnv(db), { cpuProfileDir: root ? undefined : process.env.BENCH_CPU_PROFILE, root });
  const created = await ok(await fetch(`${server.url}/api/graphs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ document: doc }) }), 'create graph');
  return { label, server, graphId: created.id };
}
const targets: Target[] = [await target('Switchyard over HTTP + SSE', 'bench.db')];
const compareRoot = process.env.BENCH_COMPARE_ROOT;
if (compareRoot) targets.push(await target(`${path.basename(compareRoot)} over HTTP + SSE`, 'compare.db', compareRoot));

/**
 * The API clients' HTTP: node:http with keep-alive (as a client on another machine would reuse its
 * connections), lean so that the clients, which share this machine's cores with the server, take
 * as little of them as they can.
 */
const agent = new http.Agent({ keepAlive: true });
function request(url: string, body?: unknown, retried = false): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, { method: data ? 'POST' : 'GET', agent, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} }, resolve);
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as it was reused (the request never reached a
      // handler): once more on a new one, as Node's docs advise (request.reusedSocket).
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET') resolve(request(url, body, true));
      else reject(err);
    });
    req.end(data);
  });
}
async function text(res: http.IncomingMessage): Promise<string> {
  res.setEncoding('utf8');
  let out = '';
  for await (const chunk of res) out += chunk;
  return out;
}

/** Reads an SSE response to its end; returns its last event's type and `data:` line. */
async function lastEvent(res: http.IncomingMessage): Promise<{ type: string; data: string }> {
  res.setEncoding('utf8');
  let buf = '';
  const last = { type: '', data: '' };
  for await (const chunk of res as AsyncIterable<string>) {
    buf += chunk;
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (line.startsWith('event: ')) last.type = line.slice(7);
      else if (line.startsWith('data: ')) last.data = line.slice(6);
    }
  }
  return last;
}

/** One run as an API client makes it: start it, then follow its events to the end. */
async function switchyardRun({ server, graphId }: Target): Promise<void> {
  const res = await request(`${server.url}/api/graphs/${graphId}/runs`, { input: INPUT });
  const body = await text(res);
  if (res.statusCode !== 201) throw new Error(`start run: ${res.statusCode} ${body}`);
  const runId: string = JSON.parse(body).run_id;
  const events = await request(`${server.url}/api/runs/${runId}/events`);
  if (events.statusCode !== 200) throw new Error(`events of run ${runId}: ${events.statusCode} ${await text(events)}`);
  const last = await lastEvent(events);
  if (last.type !== 'run.finished') throw new Error(`run ${runId} ended its stream with ${last.type || 'no event'}: ${last.data.slice(0, 500)}`);
}

const client = new OpenAI({ baseURL: mock.url, apiKey: 'sk-bench', maxRetries: 0 });
async function bareRun(): Promise<void> {
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: INPUT }];
  for (const id of ids) {
    const stream = await client.chat.completions.create({
      model: 'mock-model',
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'system', content: `You are step ${id}.` }, ...messages],
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    messages.push({ role: 'assistant', content: text });
  }
}

interface Result {
  runsPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRun: number;
  /** This process's CPU per run (the clients'; for the bare loop the same as cpuMsPerRun). */
  clientCpuMsPerRun: number;
}

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** N clients in a loop for SECONDS; `cpuMs` is the CPU clock of the process doing the work. */
async function level(concurrency: number, once: () => Promise<void>, cpuMs: () => number, seconds = SECONDS): Promise<Result> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let finished = 0;
  const cpu = cpuMs();
  const own = ownCpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await once();
        latencies.push(performance.now() - t);
        finished++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { runsPerSecond: finished / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuMsPerRun: (cpuMs() - cpu) / finished, clientCpuMsPerRun: (ownCpuMs() - own) / finished };
}

const rows: string[][] = [];
const checks: string[] = [];
// Warm-up, BENCH_WARMUP_SECONDS (default 10) at 50 concurrent runs each: route modules, prepared
// statements, the JIT's optimised code and V8's heap sizing (the server's CPU per run still fell by
// a quarter over its first ~700 runs with a shorter warm-up).
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
for (const t of targets) await level(50, () => switchyardRun(t), t.server.cpuMs, WARMUP);
await level(50, bareRun, ownCpuMs, WARMUP);
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);
for (const n of LEVELS) {
  const sy: Result[] = [];
  for (const t of targets) sy.push(await level(n, () => switchyardRun(t), t.server.cpuMs));
  const bare = await level(n, bareRun, ownCpuMs);
  const ratio = (r: Result) => r.runsPerSecond / bare.runsPerSecond;
  rows.push([
    String(n),
    ...sy.map((r) => `${f1(r.runsPerSecond)} (${f0(r.p50)} / ${f0(r.p99)})`),
    `${f1(bare.runsPerSecond)} (${f0(bare.p50)} / ${f0(bare.p99)})`,
    ...sy.map((r) => ratio(r).toFixed(2)),
    `${sy.map((r) => f1(r.cpuMsPerRun)).join(' / ')} / ${f1(bare.cpuMsPerRun)}`,
    f1(sy[0].clientCpuMsPerRun),
  ]);
  if (n === 50) checks.push(`throughput at 50 concurrent runs over HTTP + SSE ≥ 0.6× the bare SDK loop: ${ratio(sy[0]).toFixed(2)}× (${ratio(sy[0]) >= 0.6 ? 'met' : 'NOT met'}); server CPU ${f1(sy[0].cpuMsPerRun)} ms per run`);
}

console.log(`\nload over HTTP + SSE: ${CALLS}-call runs against a mock model with ${LATENCY} ms latency, ${SECONDS} s per level (${machine()})`);
console.log('runs/s (p50 / p99 run latency in ms); server: its own process, default SWITCHYARD_MAX_CONCURRENT_RUNS; CPU: the server process per Switchyard run / this process per bare run; client: this process per Switchyard run (POST + SSE)\n');
const labels = targets.map((t) => t.label);
printTable(
  ['concurrent', ...labels, 'bare openai SDK loop', ...(targets.length > 1 ? labels.map((l) => `ratio (${l.split(' ')[0]})`) : ['ratio']), `CPU ms/run (${targets.length > 1 ? 'servers' : 'server'} / bare)`, 'client CPU ms/run'],
  rows,
);
if (checks.length) console.log(`\ntarget (issue 20): ${checks.join('; ')}`);
for (const t of targets) await t.server.stop();
mock.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
