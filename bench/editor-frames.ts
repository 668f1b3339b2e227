/**
 * Editor frame-time benchmark.
 *
 *   npm run build && SWITCHYARD_AUTH=off npm start   # a production server without accounts (any port)
 *   npm run bench:editor -- [baseUrl]                # default http://127.0.0.1:3000
 *
 * For 100, 500 and 1000 nodes it creates a generated graph through the API, opens it in the editor
 * (/graphs/:id) in headless Chromium (launch options of e2e/browser.ts), then drags a node and pans
 * the canvas while recording requestAnimationFrame deltas; it does the same on a bare React Flow page
 * with default nodes (/bench/bare-flow?n=…) in the same run, and prints p50 / p95 / max per case.
 * Also prints the time until the graph is on screen. Frame budget at 60 Hz is 16.7 ms.
 * First, it prints the editor's first-load JS: every script the page's HTML loads (script tags and
 * script preloads; not the nomodule polyfills), gzipped here (the server sends them uncompressed) — Next 16's Turbopack build
 * no longer prints First Load JS. Chunks loaded on demand (YAML pane, validation, CEL) are not in it.
 *
 *   npx tsx bench/editor-frames.ts [baseUrl] --first-load   # only the first-load JS
 */
import { chromium, type Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { launchOptions } from '../e2e/browser';
import { firstLoadJs } from '../e2e/fixtures/first-load';
import { blankHead } from '../e2e/fixtures/graphs';

const BASE = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const SIZES = [100, 500, 1000];
const STEPS = 60;
const ROLES = ['agent', 'tool', 'router', 'human'] as const;

/** A valid graph of `n` nodes in a grid (the same grid as the bare page), chained START -> ... -> END. */
export function benchYaml(n: number, name: string): string {
  const cols = Math.ceil(Math.sqrt(n));
  const lines = [...blankHead(name), 'nodes:'];
  for (let i = 0; i < n; i++) {
    const role = ROLES[i % ROLES.length];
    if (role === 'agent') lines.push(`  n${i}: { role: agent, strategy: tool_calling, tools: [calc] }`);
    if (role === 'tool') lines.push(`  n${i}: { role: tool, tool: calc, args: { expression: state.input } }`);
    if (role === 'router') lines.push(`  n${i}: { role: router, mode: cel }`);
    if (role === 'human') lines.push(`  n${i}: { role: human, prompt: Approve step ${i}? }`);
  }
  lines.push('edges:', '  - { from: START, to: n0 }');
  for (let i = 0; i + 1 < n; i++) {
    if (ROLES[i % ROLES.length] === 'router') {
      lines.push(`  - from: n${i}`, '    branches:', `      - { when: 'state.input != ""', to: n${i + 1} }`, `      - { else: n${i + 1} }`);
    } else lines.push(`  - { from: n${i}, to: n${i + 1} }`);
  }
  lines.push(`  - { from: n${n - 1}, to: END }`, 'layout:', '  START: { x: 0, y: -160 }');
  for (let i = 0; i < n; i++) lines.push(`  n${i}: { x: ${(i % cols) * 288}, y: ${Math.floor(i / cols) * 160} }`);
  lines.push(`  END: { x: 0, y: ${Math.ceil(n / cols) * 160} }`);
  return `${lines.join('\n')}\n`;
}

/** Creates the graph through POST /api/graphs (the JSON document; the YAML import path is not what is measured here). */
async function createGraph(n: number): Promise<string> {
  const res = await fetch(`${BASE}/api/graphs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ document: parseYaml(benchYaml(n, `bench-${n}-${Date.now().toString(36)}`)) }),
  });
  if (!res.ok) throw new Error(`creating the ${n}-node graph failed (is the server started with SWITCHYARD_AUTH=off?): ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

const nextFrame = (page: Page) => page.evaluate('new Promise((r) => requestAnimationFrame(() => r()))');

/** In-page code as strings: tsx would wrap named functions in a `__name` helper the page does not have. */
const START_RECORDING = `(() => {
  window.__frames = [];
  window.__rec = true;
  let last = performance.now();
  const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__rec) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;
const STOP_RECORDING = `(() => { window.__rec = false; return window.__frames.slice(1); })()`;

async function record(page: Page, gesture: () => Promise<void>): Promise<number[]> {
  await page.evaluate(START_RECORDING);
  await gesture();
  return (await page.evaluate(STOP_RECORDING)) as number[];
}

async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= STEPS; i++) {
    await page.mouse.move(from.x + (dx * i) / STEPS, from.y + (dy * i) / STEPS);
    await nextFrame(page);
  }
  await page.mouse.up();
  await nextFrame(page);
}

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1] ?? NaN };
}

async function measure(page: Page, url: string, n: number) {
  const t0 = Date.now();
  await page.goto(url);
  await page.locator('.react-flow__node').first().waitFor({ timeout: 120_000 });
  const openMs = Date.now() - t0;
  await nextFrame(page);
  const node = page.locator('.react-flow__node').nth(Math.min(3, n - 1));
  const box = (await node.boundingBox())!;
  const nodeDrag = await record(page, () => drag(page, { x: box.x + box.width / 2, y: box.y + 8 }, 160, 90));
  const pane = (await page.locator('.react-flow__pane').boundingBox())!;
  const pan = await record(page, () => drag(page, { x: pane.x + 12, y: pane.y + 12 }, 240, 160));
  return { openMs, rendered: await page.locator('.react-flow__node').count(), drag: stats(nodeDrag), pan: stats(pan) };
}

const fmt = (v: number) => v.toFixed(1).padStart(6);

async function printFirstLoad(): Promise<void> {
  const id = await createGraph(10);
  const kb = (b: number) => `${(b / 1024).toFixed(1)} kB`;
  for (const [name, url] of [
    ['editor /graphs/:id', `${BASE}/graphs/${id}`],
    ['bare React Flow', `${BASE}/bench/bare-flow?n=10`],
  ] as const) {
    const r = await firstLoadJs(url);
    console.log(`first-load JS, ${name}: ${kb(r.total)} gzip in ${r.scripts.length} scripts (largest: ${r.scripts.slice(0, 4).map((x) => kb(x.gzip)).join(', ')})`);
  }
  console.log('');
}

async function main() {
  const health = await fetch(`${BASE}/api/health`).catch(() => null);
  if (!health?.ok) throw new Error(`no server at ${BASE} (start one: npm run build && npx next start)`);
  await printFirstLoad();
  if (process.argv.includes('--first-load')) return;
  const browser = await chromium.launch({ ...launchOptions(), headless: true });
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  console.log(`editor frame times against ${BASE} (ms; rAF deltas while dragging a node / panning, ${STEPS} steps each)\n`);
  console.log('nodes  page            open  rendered | drag p50   p95    max | pan p50    p95    max');
  for (const n of SIZES) {
    const id = await createGraph(n);
    const rows = [
      ['editor', await measure(page, `${BASE}/graphs/${id}`, n)],
      ['bare React Flow', await measure(page, `${BASE}/bench/bare-flow?n=${n}`, n)],
    ] as const;
    for (const [name, r] of rows) {
      console.log(
        `${String(n).padStart(5)}  ${name.padEnd(15)} ${String(r.openMs).padStart(5)}  ${String(r.rendered).padStart(8)} | ${fmt(r.drag.p50)} ${fmt(r.drag.p95)} ${fmt(r.drag.max)} | ${fmt(r.pan.p50)} ${fmt(r.pan.p95)} ${fmt(r.pan.max)}`,
      );
    }
    const [ed, bare] = [rows[0][1], rows[1][1]];
    console.log(`${' '.repeat(7)}editor / bare p95: drag ×${(ed.drag.p95 / bare.drag.p95).toFixed(2)}, pan ×${(ed.pan.p95 / bare.pan.p95).toFixed(2)}`);
  }
  await browser.close();
}

// Run only as a script (benchYaml is importable without starting the benchmark).
if (process.argv[1] && /editor-frames\.ts$/.test(process.argv[1])) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
