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
 *   BENCH_STORES=sqlite,postgres  # the default: one server on SQLite and one on Postgres (skipped, saying so,
 *                                 # when PostgreSQL is not installed; POSTGRES_BIN_DIR to point elsewhere)
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
 *
 * Postgres: a local cluster started as the tests start it (lib/testing/postgres-server.ts: initdb in
 * a temporary directory, a free port, fsync off), the second server on DATABASE_URL; each level runs
 * SQLite, Postgres and the bare loop back to back. Event-loop delay: each server samples its own
 * (perf_hooks monitorEventLoopDelay) and reports it over the IPC channel this benchmark opens to it
 * (bench/event-loop-channel.ts; no route serves it), reset before and read after each level. DB CPU:
 * the Postgres cluster's processes' CPU per run (bench/postgres-cpu.ts), which a SQLite server spends
 * inside its own process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import type { GraphDocument } from '@/lib/graph/schema';
import { postgresBinDir, startPostgresServer, type PostgresServer } from '@/lib/testing/postgres-server';
import { machine, percentile, printTable } from './bench-util';
import { spawnMockModel } from './spawn-mock';
import type { EventLoopReport } from './event-loop-channel';
import { clusterCpuMs, postmasterPid } from './postgres-cpu';
import { spawnServer, type SpawnedServer } from './spawn-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const LATENCY = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 50);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,10,50,100').split(',').map(Number);
const CALLS = 5;
const INPUT = 'Write one line about trains.';
const STORES = (process.env.BENCH_STORES ?? 'sqlite,postgres').split(',').map((x) => x.trim().toLowerCase());

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-'));
const mock = await spawnMockModel(LATENCY);
const serverEnv = (store: Record<string, string>) => ({
  ...store,
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
  /** The database's own CPU so far, ms, when it runs outside the server (the Postgres cluster). */
  dbCpuMs?: () => number;
}
async function target(label: string, store: Record<string, string>, root?: string): Promise<Target> {
  const server = await spawnServer(serverEnv(store), { cpuProfileDir: root ? undefined : process.env.BENCH_CPU_PROFILE, root, eventLoop: !root });
  const created = await ok(await fetch(`${server.url}/api/graphs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ document: doc }) }), 'create graph');
  return { label, server, graphId: created.id };
}
const sqliteStore = (db: string) => ({ SWITCHYARD_DB: path.join(dir, db) });
const targets: Target[] = [];
if (STORES.includes('sqlite')) targets.push(await target('SQLite', sqliteStore('bench.db')));
let postgres: PostgresServer | null = null;
if (STORES.includes('postgres')) {
  if (postgresBinDir()) {
    postgres = await startPostgresServer();
    // DATABASE_URL wins over SWITCHYARD_DB (db/client.ts); the temp SQLite path only keeps the server's other files in `dir`.
    const pgTarget = await target('Postgres', { ...sqliteStore('unused.db'), DATABASE_URL: postgres.createDatabase('bench') });
    const postmaster = postmasterPid(postgres.port);
    targets.push({ ...pgTarget, dbCpuMs: () => clusterCpuMs(postmaster) });
  } else console.error('bench:load: PostgreSQL is not installed (apt-get install -y postgresql, or set POSTGRES_BIN_DIR): no Postgres server');
}
if (!targets.length) throw new Error(`BENCH_STORES=${STORES.join(',')}: no server to measure`);
const compareRoot = process.env.BENCH_COMPARE_ROOT;
if (compareRoot) targets.push(await target(`${path.basename(compareRoot)} (SQLite)`, sqliteStore('compare.db'), compareRoot));

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
  /** The server's event-loop delay over the level (undefined: not measured). */
  eventLoop?: EventLoopReport;
  /** The Postgres cluster's CPU per run (undefined: the database is inside the server). */
  dbCpuMsPerRun?: number;
}

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** N clients in a loop for SECONDS; `cpuMs` is the CPU clock of the process doing the work. */
async function level(concurrency: number, once: () => Promise<void>, cpuMs: () => number, seconds = SECONDS, t?: Target): Promise<Result> {
  const server = t?.server;
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let finished = 0;
  const cpu = cpuMs();
  const own = ownCpuMs();
  const db = t?.dbCpuMs?.();
  server?.eventLoop?.reset();
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
  const cpuMsPerRun = (cpuMs() - cpu) / finished;
  const clientCpuMsPerRun = (ownCpuMs() - own) / finished;
  const dbCpuMsPerRun = db === undefined ? undefined : (t!.dbCpuMs!() - db) / finished;
  const eventLoop = await server?.eventLoop?.read();
  return { runsPerSecond: finished / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuMsPerRun, clientCpuMsPerRun, eventLoop, dbCpuMsPerRun };
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
  for (const t of targets) sy.push(await level(n, () => switchyardRun(t), t.server.cpuMs, SECONDS, t));
  const bare = await level(n, bareRun, ownCpuMs);
  const ratio = (r: Result) => r.runsPerSecond / bare.runsPerSecond;
  rows.push([
    String(n),
    ...sy.map((r) => `${f1(r.runsPerSecond)} (${f0(r.p50)} / ${f0(r.p99)})`),
    `${f1(bare.runsPerSecond)} (${f0(bare.p50)} / ${f0(bare.p99)})`,
    ...sy.map((r) => ratio(r).toFixed(2)),
    `${sy.map((r) => f1(r.cpuMsPerRun)).join(' / ')} / ${f1(bare.cpuMsPerRun)}`,
    sy.map((r) => f1(r.clientCpuMsPerRun)).join(' / '),
    ...(targets.some((t) => t.dbCpuMs) ? [sy.map((r) => (r.dbCpuMsPerRun === undefined ? '–' : f1(r.dbCpuMsPerRun))).join(' / ')] : []),
    sy.map((r) => (r.eventLoop ? `${f1(r.eventLoop.p99Ms)} (${f0(r.eventLoop.maxMs)})` : '–')).join(' / '),
  ]);
  if (n !== 50) continue;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  targets.forEach((t, i) => {
    const db = sy[i].dbCpuMsPerRun === undefined ? '' : ` + Postgres cluster ${f1(sy[i].dbCpuMsPerRun!)}`;
    checks.push(`${t.label} at 50 concurrent runs ≥ 0.6× the bare SDK loop: ${ratio(sy[i]).toFixed(2)}× (${met(ratio(sy[i]) >= 0.6)}), server CPU ${f1(sy[i].cpuMsPerRun)}${db} ms per run`);
  });
  const pg = targets.findIndex((t) => t.label === 'Postgres');
  const lite = targets.findIndex((t) => t.label === 'SQLite');
  if (pg >= 0 && lite >= 0) {
    const r = sy[pg].runsPerSecond / sy[lite].runsPerSecond;
    checks.push(`one process on Postgres ≥ 0.9× one on SQLite at 50 concurrent runs: ${r.toFixed(2)}× (${met(r >= 0.9)})`);
  }
  const eld = pg >= 0 ? sy[pg].eventLoop : undefined;
  if (eld) checks.push(`web process event-loop delay p99 during the Postgres load < 20 ms: ${f1(eld.p99Ms)} ms (${met(eld.p99Ms < 20)}; max ${f0(eld.maxMs)} ms)`);
}

console.log(`\nload over HTTP + SSE: ${CALLS}-call runs against a mock model with ${LATENCY} ms latency, ${SECONDS} s per level (${machine()})`);
console.log('runs/s (p50 / p99 run latency in ms); server: its own process, default SWITCHYARD_MAX_CONCURRENT_RUNS; CPU: the server process per Switchyard run / this process per bare run; client: this process per Switchyard run (POST + SSE); event loop: the server\'s event-loop delay p99 (max) in ms over the level');
if (postgres) console.log('Postgres: a local cluster on this machine (lib/testing/postgres-server.ts, fsync off); DB CPU: its processes\' CPU per run (bench/postgres-cpu.ts; on SQLite the database works inside the server, in its CPU)');
console.log('');
const labels = targets.map((t) => t.label);
printTable(
  ['concurrent', ...labels, 'bare openai SDK loop', ...(targets.length > 1 ? labels.map((l) => `ratio (${l.split(' ')[0]})`) : ['ratio']), `CPU ms/run (${labels.join(' / ')} / bare)`, 'client CPU ms/run', ...(targets.some((t) => t.dbCpuMs) ? [`DB CPU ms/run (${labels.join(' / ')})`] : []), `event loop p99 (max) ms (${labels.join(' / ')})`],
  rows,
);
if (checks.length) console.log(`\ntarget (issue 20): ${checks.join('; ')}`);
for (const t of targets) await t.server.stop();
postgres?.stop();
mock.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
