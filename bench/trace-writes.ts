/**
 * bench/trace-writes.ts — trace events per second through the event recorder, next to raw
 * better-sqlite3 inserts into the same table: one row per statement (autocommit) and batched (one
 * transaction per step's events, a prepared statement).
 *
 * HOW TO RUN
 *   npm run bench:trace           # BENCH_EVENTS=20000 per measurement, BENCH_STEP=20 events per step
 *
 * The recorder's events are of a realistic mix and size (node.started, llm.request, llm.response,
 * state.updated, edge.taken, node.finished); every BENCH_STEP events the run reaches a step boundary
 * (recorder.flush, as the checkpoint port does). The raw inserts store the same rows, already
 * serialized. All into one SQLite file in a temp directory, opened as the server opens it.
 */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TraceEventInput } from '@/lib/contracts/trace';
import { machine, median, printTable } from './bench-util';

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-'));
process.env.SWITCHYARD_DB = path.join(dir, 'bench.db');
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const STEP = Number(process.env.BENCH_STEP ?? 20);

const { getDb, closeDb } = await import('@/db/client');
const { createGraph } = await import('@/db/graphs');
const { insertRun } = await import('@/db/runs');
const { createEventRecorder } = await import('@/lib/runtime/event-recorder');

const graph = createGraph({ switchyard: 1, name: 'trace-bench', nodes: {}, edges: [{ from: 'START', to: 'END' }] }, DEFAULT_WORKSPACE_ID);
const newRun = () => insertRun({ id: randomUUID(), graphId: graph.id, graphName: graph.name, graphVersion: 1, input: 'go', source: 'api' }).id;

const TEXT = 'The quick brown fox jumps over the lazy dog. '.repeat(4);
function eventAt(i: number): TraceEventInput {
  const node = `n${i % 7}`;
  const base = { step: Math.floor(i / STEP) + 1, node, span_id: `span-${Math.floor(i / 6)}`, parent_span_id: 'run' };
  switch (i % 6) {
    case 0:
      return { ...base, type: 'node.started', data: { role: 'agent', strategy: 'tool_calling' } };
    case 1:
      return { ...base, type: 'llm.request', data: { model: 'mock', messages: [{ role: 'user', content: `${TEXT}${i}` }] } };
    case 2:
      return { ...base, type: 'llm.response', data: { content: TEXT, finish_reason: 'stop', 'gen_ai.usage.input_tokens': 40, 'gen_ai.usage.output_tokens': 12, latency_ms: 50 } };
    case 3:
      return { ...base, type: 'state.updated', data: { changed: ['verdict'], set: { verdict: 'ok' } } };
    case 4:
      return { ...base, type: 'edge.taken', data: { from: node, to: 'next' } };
    default:
      return { ...base, type: 'node.finished', data: { status: 'succeeded', output: TEXT, latency_ms: 51 } };
  }
}

/** Events per second of one measurement (median of 3). */
function rate(write: () => void): number {
  write(); // warm-up
  const rates: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    write();
    rates.push(EVENTS / ((performance.now() - t) / 1000));
  }
  return median(rates);
}

const recorderRate = rate(() => {
  const rec = createEventRecorder({ runId: newRun(), afterSeq: 0, limits: { fieldMax: 256 * 1024, maxEvents: Number.MAX_SAFE_INTEGER } });
  for (let i = 0; i < EVENTS; i++) {
    rec.emit(eventAt(i));
    if ((i + 1) % STEP === 0) rec.flush();
  }
  rec.flush();
});

const client = getDb().$client;
const insert = client.prepare('INSERT INTO run_events (run_id, seq, ts, type, step, node, span_id, parent_span_id, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
const row = (runId: string, i: number) => {
  const e = eventAt(i);
  return [runId, i + 1, new Date().toISOString(), e.type, e.step, e.node ?? null, e.span_id, e.parent_span_id ?? null, JSON.stringify(e.data)] as const;
};
const singleRate = rate(() => {
  const runId = newRun();
  for (let i = 0; i < EVENTS; i++) insert.run(...row(runId, i));
});
const batch = client.transaction((rows: (readonly unknown[])[]) => {
  for (const r of rows) insert.run(...r);
});
const batchedRate = rate(() => {
  const runId = newRun();
  let rows: (readonly unknown[])[] = [];
  for (let i = 0; i < EVENTS; i++) {
    rows.push(row(runId, i));
    if (rows.length === STEP) {
      batch(rows);
      rows = [];
    }
  }
  if (rows.length) batch(rows);
});

const f = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(`\ntrace writes, events per second (${EVENTS.toLocaleString('en-US')} events, a step boundary every ${STEP}; ${machine()})\n`);
printTable(
  ['writer', 'events/s', 'µs/event', 'vs raw batched'],
  [
    ['event recorder (lib/runtime/event-recorder.ts)', f(recorderRate), (1e6 / recorderRate).toFixed(1), (recorderRate / batchedRate).toFixed(2)],
    ['raw better-sqlite3, one row per statement', f(singleRate), (1e6 / singleRate).toFixed(1), (singleRate / batchedRate).toFixed(2)],
    [`raw better-sqlite3, ${STEP} rows per transaction`, f(batchedRate), (1e6 / batchedRate).toFixed(1), '1.00'],
  ],
);
console.log(`\ntarget (issue 14): recorder ≥ 0.5× raw batched: ${(recorderRate / batchedRate).toFixed(2)}× ${recorderRate / batchedRate >= 0.5 ? 'met' : 'NOT met'}`);
closeDb();
rmSync(dir, { recursive: true, force: true });
