/**
 * bench/load.ts — runs per second and run latency (p50/p99) at 1, 10, 50 and 100 concurrent runs of
 * a five-call graph (a chain of five agent nodes) against a mock model answering after 50 ms, next
 * to a bare `openai` SDK loop making the same five streamed calls; and the server's CPU per run.
 *
 * HOW TO RUN
 *   npm run bench:load            # BENCH_SECONDS=4 per level, BENCH_MODEL_LATENCY_MS=50, BENCH_LEVELS=1,10,50,100
 *
 * The mock model is a child process (bench/mock-model.ts), so this process's CPU (process.cpuUsage)
 * is the server's alone: the run manager (admission control, engine, recorder into a temp SQLite
 * file, the model port over the openai SDK). Each level keeps N runs in flight for BENCH_SECONDS
 * (a client starts its next run when one ends) and counts the runs that finished in that window.
 * Switchyard is measured with its default SWITCHYARD_MAX_CONCURRENT_RUNS (max(16, 32 × CPUs); runs
 * beyond it wait as queued, so their latency includes the wait) and with the limit above the level.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import type { GraphDocument } from '@/lib/graph/schema';
import { machine, percentile, printTable } from './bench-util';
import { spawnMockModel } from './spawn-mock';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const LATENCY = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 50);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,10,50,100').split(',').map(Number);
const CALLS = 5;

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-'));
const mock = await spawnMockModel(LATENCY);
Object.assign(process.env, { SWITCHYARD_DB: path.join(dir, 'bench.db'), OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-bench', SWITCHYARD_MODEL_MAX_RETRIES: '0' });

const { createGraph } = await import('@/db/graphs');
const { closeDb } = await import('@/db/client');
const { startRun, waitForRun } = await import('@/lib/runtime/run-manager');
const { getRun } = await import('@/db/runs');
const { maxConcurrentRuns } = await import('@/lib/runtime/config');

const ids = Array.from({ length: CALLS }, (_, k) => `a${k}`);
const doc: GraphDocument = {
  switchyard: 1,
  name: 'load-bench',
  models: { default: { connection: 'default', model: 'mock-model', temperature: 0 } },
  nodes: Object.fromEntries(ids.map((id) => [id, { role: 'agent', system_prompt: `You are step ${id}.` }])),
  edges: ['START', ...ids, 'END'].slice(1).map((to, k) => ({ from: ['START', ...ids][k], to })),
};
const graphId = createGraph(doc).id;

async function switchyardRun(): Promise<void> {
  const run = await startRun(graphId, { input: 'Write one line about trains.', source: 'api' });
  await waitForRun(run.id);
  const status = getRun(run.id)?.status;
  if (status !== 'succeeded') throw new Error(`run ${run.id} ${status}: ${JSON.stringify(getRun(run.id)?.error)}`);
}

const client = new OpenAI({ baseURL: mock.url, apiKey: 'sk-bench', maxRetries: 0 });
async function bareRun(): Promise<void> {
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Write one line about trains.' }];
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
}

async function level(concurrency: number, once: () => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  let finished = 0;
  const cpu = process.cpuUsage();
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
  const used = process.cpuUsage(cpu);
  return { runsPerSecond: finished / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuMsPerRun: (used.user + used.system) / 1000 / finished };
}

const rows: string[][] = [];
const checks: string[] = [];
const defaultLimit = maxConcurrentRuns();
for (let k = 0; k < 3; k++) await switchyardRun(); // warm-up
await bareRun();
for (const n of LEVELS) {
  process.env.SWITCHYARD_MAX_CONCURRENT_RUNS = String(defaultLimit);
  const sy = await level(n, switchyardRun);
  process.env.SWITCHYARD_MAX_CONCURRENT_RUNS = String(Math.max(defaultLimit, n));
  const syOpen = n > defaultLimit ? await level(n, switchyardRun) : sy;
  const bare = await level(n, bareRun);
  const f0 = (x: number) => x.toFixed(0);
  const f1 = (x: number) => x.toFixed(1);
  rows.push([
    String(n),
    `${f1(sy.runsPerSecond)} (${f0(sy.p50)} / ${f0(sy.p99)})`,
    `${f1(syOpen.runsPerSecond)} (${f0(syOpen.p50)} / ${f0(syOpen.p99)})`,
    `${f1(bare.runsPerSecond)} (${f0(bare.p50)} / ${f0(bare.p99)})`,
    (sy.runsPerSecond / bare.runsPerSecond).toFixed(2),
    (syOpen.runsPerSecond / bare.runsPerSecond).toFixed(2),
    `${f1(sy.cpuMsPerRun)} / ${f1(bare.cpuMsPerRun)}`,
  ]);
  if (n === 50) {
    const best = Math.max(sy.runsPerSecond, syOpen.runsPerSecond) / bare.runsPerSecond;
    checks.push(`throughput at 50 concurrent runs ≥ 0.6× the bare SDK loop: default limit ${(sy.runsPerSecond / bare.runsPerSecond).toFixed(2)}×, limit ≥ 50 ${(syOpen.runsPerSecond / bare.runsPerSecond).toFixed(2)}× (${best >= 0.6 ? 'met' : 'NOT met'})`);
  }
}

console.log(`\nload: ${CALLS}-call runs against a mock model with ${LATENCY} ms latency, ${SECONDS} s per level (${machine()})`);
console.log(`runs/s (p50 / p99 run latency in ms); default SWITCHYARD_MAX_CONCURRENT_RUNS here: ${defaultLimit}\n`);
printTable(['concurrent', 'Switchyard (default limit)', 'Switchyard (limit ≥ level)', 'bare openai SDK loop', 'ratio (default)', 'ratio (limit ≥ level)', 'CPU ms/run (Switchyard / bare)'], rows);
console.log(`\ntarget (issue 14): ${checks.join('; ')}`);
mock.stop();
closeDb();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
