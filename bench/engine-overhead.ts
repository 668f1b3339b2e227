/**
 * bench/engine-overhead.ts — µs per node-step of the engine, alone and with the durable recorder,
 * next to LangGraph.js without and with MemorySaver, on the same graphs (bench/engine-graphs.ts).
 *
 * HOW TO RUN
 *   npm run bench:engine          # BENCH_SECONDS=1.5 per measurement (default)
 *
 * WHAT IT MEASURES (all in this one process, one after the other)
 *   engine         runGraph with in-memory ports: events and checkpoints dropped, the `inc` tool in memory
 *   + recorder     the same, events and checkpoints through the event recorder into SQLite (a temp file,
 *                  WAL, synchronous=NORMAL as the server opens it): lib/runtime/event-recorder.ts + checkpointPort
 *   + server ports everything the server wires for a run (createRunPorts: recorder, checkpoints, the
 *                  call journal of every tool call), the tool still in memory
 *   LangGraph.js   @langchain/langgraph StateGraph, compiled without and with MemorySaver
 * Each cell is the median of 5 timed batches (after a warm-up), CPU time of this process / node-steps;
 * `+ server ports` and `LG + MemorySaver` (the issue-20 target's pair) are measured in 7 alternating
 * batches each and their ratio is the median of the rounds' ratios.
 *
 * AGENT STEPS (issue 20, printed first; BENCH_ONLY=agent prints only them, BENCH_ONLY=graphs only the table below): one tool_calling agent
 * answering in a loop over a conversation that starts with 10, 1,000 or 5,000 messages
 * (bench/agent-history.ts), with the server's ports and an in-memory model, next to the same
 * LangGraph.js graph with MemorySaver. Each is run as a run of 10 steps and as one of 40: a run of n
 * steps costs `once + n × step`, so the difference gives what a step costs (`step`) and what the run
 * costs once (its input, first checkpoint and first prompt written whole, its final state); the last
 * columns are the plain cost per step of a 10-step run. Measured in CPU time (process.cpuUsage: this
 * process, all its threads), Switchyard and LangGraph.js in alternating batches (7 each), so load
 * from other processes on a shared machine weighs on both alike.
 */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { setMaxListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MemorySaver } from '@langchain/langgraph';
import type { RunPorts } from '@/lib/engine/ports';
import { runGraph } from '@/lib/engine';
import { CASES, incTool, type BenchCase } from './engine-graphs';
import { LONG_STEPS, STEPS, agentCases, memoryModel, type AgentCase } from './agent-history';
import { machine, median, printTable } from './bench-util';

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-'));
process.env.SWITCHYARD_DB = path.join(dir, 'bench.db');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
// A 50-way fan-out listens on its step's abort signal once per node (Node warns past 10).
setMaxListeners(1000);

const { getStore } = await import('@/db/store');
const { newRunId } = await import('@/db/runs');
const { createEventRecorder } = await import('@/lib/runtime/event-recorder');
const { checkpointPort, createRunPorts } = await import('@/lib/runtime/run-ports');
const { closeDb } = await import('@/db/client');

let ids = 0;
function memoryPorts(): RunPorts {
  return {
    model: { chat: () => Promise.reject(new Error('no model in this bench')) },
    tools: incTool,
    graphs: { load: () => Promise.reject(new Error('no subgraphs')) },
    clock: { now: () => Date.now() },
    emit: () => {},
    checkpoint: () => {},
    signal: new AbortController().signal,
    newId: () => `s${++ids}`,
  };
}

type Variant = 'engine' | 'recorder' | 'server';

/** The run row as the server inserts it (the async store; on SQLite, the embedded default). */
const insertRun = (r: Parameters<ReturnType<typeof getStore>['runs']['insert']>[0]) => getStore().runs.insert(r);
const createGraph = (doc: Parameters<ReturnType<typeof getStore>['graphs']['create']>[0]) => getStore().graphs.create(doc, DEFAULT_WORKSPACE_ID);

async function portsFor(variant: Variant, graphId: string, c: BenchCase): Promise<{ runId: string; ports: RunPorts; done(): Promise<void> }> {
  if (variant === 'engine') return { runId: 'r', ports: memoryPorts(), done: async () => {} };
  const run = await insertRun({ id: newRunId(), graphId, graphName: c.doc.name, graphVersion: 1, input: 'go', source: 'api' });
  const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
  const base = memoryPorts();
  const ports: RunPorts =
    variant === 'recorder'
      ? { ...base, emit: (e) => recorder.emit(e), checkpoint: checkpointPort(run.id, recorder) }
      : { ...(await createRunPorts(run.id, recorder, base.signal)), tools: incTool, model: base.model };
  return { runId: run.id, ports, done: () => recorder.flush() };
}

function switchyardOnce(c: BenchCase, variant: Variant, graphId: string): () => Promise<void> {
  return async () => {
    const { runId, ports, done } = await portsFor(variant, graphId, c);
    const out = await runGraph({ runId, doc: c.doc, input: 'go', ports });
    await done();
    if (out.status !== 'succeeded') throw new Error(`${c.name} (${variant}): ${JSON.stringify(out)}`);
  };
}

function langGraphOnce(c: BenchCase, withSaver: boolean): () => Promise<void> {
  const saver = withSaver ? new MemorySaver() : undefined;
  const app = c.langgraph(saver);
  return async () => {
    await app.invoke({ i: 0 }, { recursionLimit: 10_000, configurable: { thread_id: randomUUID() } });
  };
}

/**
 * µs of CPU per node-step (process.cpuUsage: this process, all its threads, so the WAL checkpoint
 * worker's share counts): median of 5 batches, each about SECONDS/5 long. CPU time rather than wall
 * time: on a shared, loaded machine wall time counts the time other processes held the cores (the
 * engine alone measured 186 µs of wall time per step in one such run, 9–14 µs of CPU).
 */
async function timePerStep(c: BenchCase, once: () => Promise<void>): Promise<number> {
  // Warm-up (JIT, prepared statements): at least 3 runs and 300 ms.
  const t0 = performance.now();
  let warm = 0;
  while (warm < 3 || performance.now() - t0 < 300) {
    await once();
    warm++;
  }
  const one = Math.max(0.01, (performance.now() - t0) / warm);
  const reps = Math.max(1, Math.round((SECONDS * 1000) / 5 / one));
  const batches: number[] = [];
  for (let b = 0; b < 5; b++) {
    const start = cpuMicros();
    for (let r = 0; r < reps; r++) await once();
    batches.push((cpuMicros() - start) / (reps * c.nodeSteps));
  }
  return median(batches);
}

/** One agent run with the server's ports (createRunPorts: recorder, checkpoints, calls), the model in memory. */
function agentRunSwitchyard(c: AgentCase, graphId: string): () => Promise<void> {
  return async () => {
    const run = await insertRun({ id: newRunId(), graphId, graphName: c.doc.name, graphVersion: 1, input: 'go', source: 'api' });
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const model = memoryModel();
    const ports: RunPorts = { ...(await createRunPorts(run.id, recorder, new AbortController().signal)), model };
    const out = await runGraph({ runId: run.id, doc: c.doc, input: 'go', inputs: c.inputs, ports });
    await recorder.flush();
    if (out.status !== 'succeeded' || model.received.length !== c.steps) throw new Error(`${c.name}: ${JSON.stringify(out).slice(0, 300)}`);
  };
}

function agentRunLangGraph(c: AgentCase): () => Promise<void> {
  const app = c.langgraph(new MemorySaver());
  return async () => {
    await app.invoke(c.lgInput, { recursionLimit: 10_000, configurable: { thread_id: randomUUID() } });
  };
}

/** CPU time of this process so far (user + system, all its threads), in µs. */
function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/**
 * µs of CPU per step of `a` and of `b`, measured in alternating batches (a, b, a, b, …): CPU time,
 * not wall time, and alternated, so that other processes on a shared machine weigh on both alike;
 * the ratio is the median of the per-round ratios.
 */
async function timeInterleaved(a: () => Promise<void>, b: () => Promise<void>, steps: number): Promise<{ a: number; b: number; ratio: number }> {
  const batch = async (once: () => Promise<void>, reps: number) => {
    const start = cpuMicros();
    for (let r = 0; r < reps; r++) await once();
    return (cpuMicros() - start) / (reps * steps);
  };
  const warm = async (once: () => Promise<void>) => {
    const t0 = performance.now();
    let n = 0;
    while (n < 3 || performance.now() - t0 < 300) {
      await once();
      n++;
    }
    return Math.max(1, Math.round((SECONDS * 1000) / 5 / ((performance.now() - t0) / n)));
  };
  const [repsA, repsB] = [await warm(a), await warm(b)];
  const as: number[] = [];
  const bs: number[] = [];
  for (let round = 0; round < 7; round++) {
    as.push(await batch(a, repsA));
    bs.push(await batch(b, repsB));
  }
  return { a: median(as), b: median(bs), ratio: median(as.map((x, i) => x / bs[i])) };
}

if (process.env.BENCH_ONLY !== 'graphs') {
  const agentRows: string[][] = [];
  const agentChecks: string[] = [];
  const [short, long] = [agentCases(STEPS), agentCases(LONG_STEPS)];
  for (let i = 0; i < short.length; i++) {
    const graphs = await Promise.all([short[i], long[i]].map(async (c) => (await createGraph({ ...c.doc, name: `${c.doc.name}-${randomUUID().slice(0, 8)}` })).id));
    const a = await timeInterleaved(agentRunSwitchyard(short[i], graphs[0]), agentRunLangGraph(short[i]), STEPS);
    const b = await timeInterleaved(agentRunSwitchyard(long[i], graphs[1]), agentRunLangGraph(long[i]), LONG_STEPS);
    // A run of n steps costs once + n × step: the step from the two run lengths, the rest is the run's own.
    const step = (x: number, y: number) => Math.max(0, (y * LONG_STEPS - x * STEPS) / (LONG_STEPS - STEPS));
    const [sy, lg] = [step(a.a, b.a), step(a.b, b.b)];
    const once = (perStep: number, marginal: number) => Math.max(0, perStep * STEPS - marginal * STEPS) / 1000;
    const f = (x: number) => x.toFixed(0);
    agentRows.push([short[i].name, f(sy), f(lg), (sy / lg).toFixed(2), once(a.a, sy).toFixed(1), once(a.b, lg).toFixed(1), `${f(a.a)} / ${f(a.b)}`, a.ratio.toFixed(2)]);
    if (short[i].history === 5000) agentChecks.push(`agent step at 5,000 messages: ${(sy / lg).toFixed(2)}× LangGraph.js+MemorySaver ${sy / lg <= 1 ? '≤' : '>'} 1× (with the run's own cost spread over ${STEPS} steps: ${a.ratio.toFixed(2)}×)`);
  }
  console.log(`\nagent step over a conversation of 10 / 1,000 / 5,000 messages, the server's ports, µs of CPU (${machine()})\n`);
  printTable(['history', 'step', 'LG+MS step', 'step / LG+MS', 'run once, ms', 'LG+MS run once, ms', `per step, ${STEPS}-step run`, `ratio, ${STEPS}-step run`], agentRows);
  console.log('\ntarget (issue 20):');
  for (const line of agentChecks) console.log(`  ${line}`);
  if (process.env.BENCH_ONLY === 'agent') {
    closeDb();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
}

const rows: string[][] = [];
const checks: string[] = [];
for (const c of CASES) {
  const graphId = (await createGraph({ ...c.doc, name: `${c.doc.name}-${randomUUID().slice(0, 8)}` })).id;
  const engine = await timePerStep(c, switchyardOnce(c, 'engine', graphId));
  const recorder = await timePerStep(c, switchyardOnce(c, 'recorder', graphId));
  const lg = await timePerStep(c, langGraphOnce(c, false));
  // The target's pair (issue 20) in alternating batches, as the agent table is measured: the
  // machine's other load weighs on both alike; the ratio is the median of the rounds' ratios.
  const pair = await timeInterleaved(switchyardOnce(c, 'server', graphId), langGraphOnce(c, true), c.nodeSteps);
  const [server, lgSaver] = [pair.a, pair.b];
  const f = (x: number) => x.toFixed(1);
  rows.push([c.name, f(engine), f(recorder), f(server), f(lg), f(lgSaver), (recorder / lgSaver).toFixed(2), pair.ratio.toFixed(2)]);
  checks.push(
    `${c.name}: engine alone ${f(engine)} µs ${engine <= 10 ? '≤' : '>'} 10 µs; engine + recorder ${(recorder / lgSaver).toFixed(2)}× LangGraph.js+MemorySaver ${recorder / lgSaver <= 0.25 ? '≤' : '>'} 0.25×; with the server's ports ${pair.ratio.toFixed(2)}× ${pair.ratio <= 0.25 ? '≤ 0.25× (met)' : '> 0.25× (NOT met)'}`,
  );
}

console.log(`\nengine overhead, µs per node-step (${machine()})\n`);
printTable(['graph', 'engine', '+ recorder', '+ server ports', 'LangGraph.js', 'LG + MemorySaver', 'recorder / LG+MS', 'server / LG+MS'], rows);
console.log('\ntargets (issue 14; the server\'s ports: issue 20):');
for (const line of checks) console.log(`  ${line}`);
closeDb();
rmSync(dir, { recursive: true, force: true });
