/**
 * bench/debug-stream.ts — does a run of 2,000 trace events stream into the debug panel without
 * freezing the page?
 *
 * HOW TO RUN
 *   npm run build                       # a production build (the bench starts `next start`)
 *   npx tsx bench/debug-stream.ts       # or BENCH_BASE_URL=http://127.0.0.1:3000 to use a running app
 *   Options (env): BENCH_EVENTS=2000, BENCH_RUNS=3 (repetitions per case), BENCH_CHUNK=20 events
 *   per write, BENCH_INTERVAL_MS=16 between writes.
 *
 * WHAT IT DOES
 *   Opens /runs/<id> in headless Chromium. The run API is answered by Playwright routes; the
 *   SSE stream itself comes from a real HTTP server in this process (the page's request to
 *   /api/runs/<id>/events is continued to it), which writes the events in chunks at a steady
 *   pace ("paced") or all in one write ("burst"). Each case is measured with the panel open and,
 *   in the same run, with the panel closed (the run store still consumes every event, as it does
 *   for the canvas highlights). A `longtask` PerformanceObserver in the page records every
 *   main-thread task over 50 ms; we print the count over 100 ms, the longest task, and the total
 *   blocking time, from the moment the stream starts until the run shows as succeeded.
 *   Exit code 1 when any open-panel case has a task over 100 ms.
 */
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { launchOptions } from '../e2e/browser';
import { mockRunApi, sseBody } from '../e2e/debug-mock-api';
import { syntheticRun } from './debug-events';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 20);
const INTERVAL = Number(process.env.BENCH_INTERVAL_MS ?? 16);

type Mode = 'paced' | 'burst';

/** The SSE server: holds each stream until released, then writes it paced or in one burst. */
function startSseServer() {
  const waiting = new Map<string, () => void>();
  const server = http.createServer((req, res) => {
    const m = req.url?.match(/^\/events\/([^/]+)\/(paced|burst)$/);
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    const [, runId, mode] = m;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': open\n\n');
    const events = syntheticRun(runId, TOTAL);
    waiting.set(runId, () => {
      if (mode === 'burst') {
        res.end(sseBody(events));
        return;
      }
      let i = 0;
      const tick = () => {
        if (i >= events.length) return void res.end();
        res.write(sseBody(events.slice(i, i + CHUNK)));
        i += CHUNK;
        setTimeout(tick, INTERVAL);
      };
      tick();
    });
  });
  return new Promise<{ port: number; release(runId: string): boolean; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        release: (id) => {
          const go = waiting.get(id);
          waiting.delete(id);
          go?.();
          return !!go;
        },
        close: () => server.close(),
      }),
    ),
  );
}

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function startApp(): Promise<{ url: string; stop(): void }> {
  if (process.env.BENCH_BASE_URL) return { url: process.env.BENCH_BASE_URL, stop() {} };
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sy-bench-'));
  const child: ChildProcess = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, SWITCHYARD_DB: join(dir, 'bench.db'), NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`${url}/runs/ping`);
      if (r.status < 500) return { url, stop: () => process.kill(-child.pid!, 'SIGTERM') };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  process.kill(-child.pid!, 'SIGTERM');
  throw new Error('next start did not come up; run `npm run build` first');
}

interface Result {
  case: string;
  longTasksOver100: number;
  maxTaskMs: number;
  totalBlockingMs: number;
  streamMs: number;
  rowsRendered: number;
}

async function measure(page: Page, base: string, sse: Awaited<ReturnType<typeof startSseServer>>, mode: Mode, open: boolean, n: number): Promise<Result> {
  const runId = `bench_${mode}_${open ? 'open' : 'closed'}_${n}`;
  await page.unrouteAll();
  await mockRunApi(page, {
    graph: { id: 'bench', name: 'bench', nodes: {} },
    runs: [{ run: { id: runId, graph_id: 'bench', status: 'running', input: 'bench' }, events: [] }],
  });
  // The stream goes to the real SSE server (continued, so it arrives in chunks over the network).
  await page.route(`**/api/runs/${runId}/events`, (route) => route.continue({ url: `http://127.0.0.1:${sse.port}/events/${runId}/${mode}` }));
  await page.goto(`${base}/runs/${runId}`);
  await page.getByTestId('debug-panel').waitFor();
  if (!open) await page.getByTestId('toggle-panel').click();
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: number[] };
    w.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  // Wait until the page holds the stream open, then release it.
  const t0 = Date.now();
  while (!sse.release(runId)) {
    if (Date.now() - t0 > 15_000) throw new Error('the page never opened the event stream');
    await new Promise((r) => setTimeout(r, 20));
  }
  const start = Date.now();
  await page.getByTestId('run-status').filter({ hasText: 'succeeded' }).waitFor({ timeout: 60_000 });
  const streamMs = Date.now() - start;
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks);
  if (!open) await page.getByTestId('toggle-panel').click(); // open (after measuring) to check every event arrived
  const rows = await page.getByTestId('timeline-row').count();
  return {
    case: `${mode} · panel ${open ? 'open' : 'closed'}`,
    longTasksOver100: tasks.filter((d) => d > 100).length,
    maxTaskMs: Math.round(Math.max(0, ...tasks)),
    totalBlockingMs: Math.round(tasks.reduce((s, d) => s + Math.max(0, d - 50), 0)),
    streamMs,
    rowsRendered: rows,
  };
}

async function main() {
  const app = await startApp();
  const sse = await startSseServer();
  const browser = await chromium.launch(launchOptions());
  const results: Result[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    for (const mode of ['paced', 'burst'] as Mode[]) {
      for (let n = 0; n < RUNS; n++) {
        for (const open of [true, false]) results.push(await measure(page, app.url, sse, mode, open, n));
      }
    }
  } finally {
    await browser.close();
    sse.close();
    app.stop();
  }
  console.log(`debug-stream: ${TOTAL} events per run, paced = ${CHUNK} events every ${INTERVAL} ms, ${RUNS} runs per case\n`);
  console.table(results);
  const byCase = new Map<string, Result[]>();
  for (const r of results) byCase.set(r.case, [...(byCase.get(r.case) ?? []), r]);
  console.log('\nsummary (worst of runs):');
  for (const [c, rs] of byCase) {
    console.log(
      `  ${c.padEnd(22)} tasks>100ms: ${Math.max(...rs.map((r) => r.longTasksOver100))}  max task: ${Math.max(...rs.map((r) => r.maxTaskMs))} ms  TBT: ${Math.max(...rs.map((r) => r.totalBlockingMs))} ms  rows: ${rs[0].rowsRendered}`,
    );
  }
  const bad = results.filter((r) => r.case.includes('open') && r.longTasksOver100 > 0);
  if (bad.length) {
    console.log(`\nFAIL: ${bad.length} open-panel run(s) had a task over 100 ms`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
