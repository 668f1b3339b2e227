/**
 * bench/sse-latency.ts — from a trace event's emit to the SSE client that receives it (p50/p99),
 * through GET /api/runs/:id/events (the real route handler, recorder and event bus), next to a raw
 * node:http SSE server writing the same events to its response as they are made.
 *
 * HOW TO RUN
 *   npm run bench:sse             # BENCH_EVENTS=2000 per measurement, BENCH_INTERVAL_MS=2 between events
 *
 * Server and client are in this process (one clock): each event carries the time it was emitted,
 * the client (fetch, streamed body) notes when its `data:` line arrives. Events are emitted in
 * bursts of 5 (a step's events) every BENCH_INTERVAL_MS.
 */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { machine, percentile, printTable } from './bench-util';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const INTERVAL = Number(process.env.BENCH_INTERVAL_MS ?? 2);
const BURST = 5;
const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-'));
process.env.SWITCHYARD_DB = path.join(dir, 'bench.db');

const { startApiServer } = await import('@/lib/testing/api-server');
const { createGraph } = await import('@/db/graphs');
const { insertRun, updateRun } = await import('@/db/runs');
const { createEventRecorder } = await import('@/lib/runtime/event-recorder');
const { closeDb } = await import('@/db/client');

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Reads an SSE response; calls `onData` with each parsed `data:` payload and the time it arrived. */
async function readSse(res: Response, onData: (data: any, at: number) => boolean): Promise<void> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const at = performance.now();
    buf += decoder.decode(value, { stream: true });
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const frame = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const line = frame.split('\n').find((l) => l.startsWith('data: '));
      if (line && !onData(JSON.parse(line.slice(6)), at)) {
        await reader.cancel();
        return;
      }
    }
  }
}

/** Emits EVENTS events through `emit` (which stamps them) while a client reads `url`; returns latencies in ms. */
async function measure(url: string, emit: (i: number, sentAt: number) => void, ready: Promise<void> | null): Promise<number[]> {
  const latencies: number[] = [];
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reading = readSse(res, (data, at) => {
    const sent = (data.data ?? data).sent;
    if (typeof sent === 'number') latencies.push(at - sent);
    return latencies.length < EVENTS;
  });
  await ready;
  for (let i = 0; i < EVENTS; i += BURST) {
    for (let k = i; k < Math.min(EVENTS, i + BURST); k++) emit(k, performance.now());
    await sleep(INTERVAL);
  }
  await reading;
  return latencies;
}

// --- Switchyard: the run events route
const api = await startApiServer();
const graph = createGraph({ switchyard: 1, name: 'sse-bench', nodes: {}, edges: [{ from: 'START', to: 'END' }] }, DEFAULT_WORKSPACE_ID);
async function switchyard(): Promise<number[]> {
  const run = insertRun({ id: randomUUID(), graphId: graph.id, graphName: graph.name, graphVersion: 1, input: 'go', source: 'api' });
  updateRun(run.id, { status: 'running', startedAt: new Date() });
  const rec = createEventRecorder({ runId: run.id, afterSeq: 0, limits: { fieldMax: 256 * 1024, maxEvents: Number.MAX_SAFE_INTEGER } });
  const out = await measure(
    `${api.url}/api/runs/${run.id}/events`,
    (i, sent) => rec.emit({ type: 'node.started', step: 1 + Math.floor(i / BURST), node: 'n', span_id: `s${i}`, data: { role: 'agent', sent } }),
    sleep(50),
  );
  rec.flush();
  return out;
}

// --- raw: node:http, one response, each event written as it is made
const clients = new Set<ServerResponse>();
let connected!: () => void;
let whenConnected = new Promise<void>((r) => (connected = r));
const raw = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(': hello\n\n');
  clients.add(res);
  res.on('close', () => clients.delete(res));
  connected();
});
await new Promise<void>((r) => raw.listen(0, '127.0.0.1', () => r()));
async function rawSse(): Promise<number[]> {
  whenConnected = new Promise<void>((r) => (connected = r));
  let seq = 0;
  return measure(
    `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`,
    (i, sent) => {
      const e = { seq: ++seq, type: 'node.started', step: 1, node: 'n', span_id: `s${i}`, data: { role: 'agent', sent } };
      for (const c of clients) c.write(`id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    },
    whenConnected,
  );
}

await switchyard(); // warm-up
await rawSse();
const sy = await switchyard();
const rw = await rawSse();
const f = (x: number) => x.toFixed(2);
console.log(`\nSSE latency, event emitted → client, ms (${EVENTS.toLocaleString('en-US')} events in bursts of ${BURST} every ${INTERVAL} ms; ${machine()})\n`);
printTable(
  ['stream', 'p50', 'p99', 'max'],
  [
    ['Switchyard GET /api/runs/:id/events', f(percentile(sy, 50)), f(percentile(sy, 99)), f(Math.max(...sy))],
    ['raw node:http SSE', f(percentile(rw, 50)), f(percentile(rw, 99)), f(Math.max(...rw))],
  ],
);
const ratio = percentile(sy, 99) / percentile(rw, 99);
console.log(`\ntarget (issue 14): SSE p99 ≤ 2× raw: ${ratio.toFixed(2)}× ${ratio <= 2 ? 'met' : 'NOT met'}`);
await api.close();
raw.closeAllConnections();
raw.close();
closeDb();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
