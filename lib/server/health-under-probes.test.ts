/**
 * Issue 11, Done when: the regex, CEL and YAML probes of the attack pass finish with a clear error
 * (or succeed within their budget) while a parallel /api/health loop keeps answering. A spawned
 * server process (as in lib/runtime/activities-crash.test.ts) is measured idle right before each
 * probe (so the baseline follows the machine's load); during the probe every health answer must
 * come within HEALTH_RATIO times that idle median (a ratio, no absolute timing: an event loop
 * frozen for a second, as before these fixes, fails it by far).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { WRITER_REVIEWER_YAML, writerReviewerGraph } from '@/lib/graph/testing/fixtures';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { spawnApiServer, type SpawnedApi } from '@/lib/runtime/testing/spawned-api';

/**
 * Health answers during a probe, as multiples of the idle median (about 1 ms here). On a quiet
 * machine the slowest is 5-65 times it (the largest stalls left: a CEL evaluation stopped by its
 * budget, and storing a 909 KB import, each about 50 ms), within the 100 ms. This 2-core
 * machine is shared, though, and under a load of 5 another process (or the parse worker itself)
 * holds the CPU for 100-300 ms now and then. So the bounds: the slowest within MAX_RATIO (an event
 * loop frozen for seconds, as before these fixes, is thousands of times), nine in ten within
 * TYPICAL_RATIO when there are enough answers to tell, and a probe that fails either is run again,
 * up to ATTEMPTS times: a stall of the server's own making comes back every time.
 */
const MAX_RATIO = 300;
const TYPICAL_RATIO = 25;
const ATTEMPTS = 3;

let mock: MockOpenAI;
let api: SpawnedApi;
let dir = '';
let startIdle = 0;
const observed: Record<string, { idleMs: number; answers: number; p90: number; worst: number }[]> = {};

const models = { default: { connection: 'default', model: 'gpt-test' } };
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

async function healthOnce(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${api.url}/api/health`);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - t;
}

/** One run of `probe` while /api/health is polled, one request after another. */
async function sample<T>(probe: () => Promise<T>): Promise<{ value: T; idle: number; times: number[] }> {
  const quiet: number[] = [];
  for (let i = 0; i < 15; i++) quiet.push(await healthOnce());
  // the idle median now, or at the start when that was higher (a few quick answers in a row can read very low)
  const idle = Math.max(quantile(quiet, 0.5), startIdle);
  const times: number[] = [];
  let done = false;
  const loop = (async () => {
    while (!done) times.push(await healthOnce());
  })();
  try {
    return { value: await probe(), idle, times };
  } finally {
    done = true;
    await loop;
  }
}

/** Runs `probe` (repeatable) while polling /api/health, checks the answers' latency; returns the probe's value. */
async function whileProbing<T>(name: string, probe: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const { value, idle, times } = await sample(probe);
    const worst = Math.max(...times);
    const p90 = quantile(times, 0.9);
    (observed[name] ??= []).push({ idleMs: Number(idle.toFixed(2)), answers: times.length, p90: Math.round(p90 / idle), worst: Math.round(worst / idle) });
    const typicalOk = times.length < 20 || p90 < TYPICAL_RATIO * idle;
    if ((worst < MAX_RATIO * idle && typicalOk) || attempt === ATTEMPTS) {
      expect(times.length).toBeGreaterThan(0);
      expect(worst, `${name}: slowest health answer ${Math.round(worst / idle)}× the idle median`).toBeLessThan(MAX_RATIO * idle);
      expect(typicalOk, `${name}: 90th percentile ${Math.round(p90 / idle)}× the idle median`).toBe(true);
      return value;
    }
  }
}

async function createGraph(doc: GraphDocument): Promise<string> {
  const r = await api.call('POST', '/api/graphs', { document: doc });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

/** Starts a run and polls until it has finished. */
async function runToEnd(graphId: string, input: string): Promise<{ status: string; error: { code: string; message: string } | null }> {
  const started = await api.call('POST', `/api/graphs/${graphId}/runs`, { input });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  for (let i = 0; ; i++) {
    const r = await api.call('GET', `/api/runs/${started.body.run_id}`);
    if (['succeeded', 'failed', 'cancelled'].includes(r.body.run.status)) return r.body.run;
    if (i > 1000) throw new Error(`run still ${r.body.run.status}`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

/** POSTs a YAML import while probing; the answer is parsed afterwards (a large JSON parse here would slow the loop). */
async function importYaml(name: string, body: string): Promise<{ status: number; code: string; problem?: string; warnings?: number }> {
  const { status, text } = await whileProbing(name, async () => {
    const res = await fetch(`${api.url}/api/graphs/import?as_copy=true`, { method: 'POST', headers: { 'content-type': 'application/yaml' }, body });
    return { status: res.status, text: await res.text() };
  });
  const parsed = JSON.parse(text) as { error?: { code: string }; errors?: { code: string }[]; warnings?: unknown[] };
  return { status, code: parsed.error?.code ?? 'ok', problem: parsed.errors?.[0]?.code, warnings: parsed.warnings?.length };
}

/** Sends a JSON body while probing; the answer is parsed afterwards, as for imports. */
async function sendJson(name: string, method: string, pathname: string, body: string): Promise<{ status: number; code: string; id?: string; warnings?: number }> {
  const { status, text } = await whileProbing(name, async () => {
    const res = await fetch(`${api.url}${pathname}`, { method, headers: { 'content-type': 'application/json' }, body });
    return { status: res.status, text: await res.text() };
  });
  const parsed = JSON.parse(text) as { id?: string; error?: { code: string }; warnings?: unknown[] };
  return { status, code: parsed.error?.code ?? 'ok', id: parsed.id, warnings: parsed.warnings?.length };
}

function reactGraph(name: string, extra: Record<string, unknown> = {}): GraphDocument {
  return {
    switchyard: 1,
    name,
    models,
    tools: { calc: { type: 'calculator', description: 'Arithmetic.' } },
    nodes: { a: { role: 'agent', strategy: 'react', tools: ['calc'], max_steps: 2, ...extra } },
    edges: [
      { from: 'START', to: 'a' },
      { from: 'a', to: 'END' },
    ],
  } as GraphDocument;
}

function routerGraph(name: string, when: string, state?: GraphDocument['state']): GraphDocument {
  return {
    switchyard: 1,
    name,
    ...(state ? { state } : {}),
    nodes: { r: { role: 'router' } },
    edges: [
      { from: 'START', to: 'r' },
      { from: 'r', branches: [{ when, to: 'END' }, { else: 'END' }] },
    ],
  };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'switchyard-probes-'));
  mock = await startMockOpenAI();
  api = await spawnApiServer({
    SWITCHYARD_DB: path.join(dir, 'probes.db'),
    OPENAI_BASE_URL: mock.url,
    OPENAI_API_KEY: 'sk-test',
    SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1',
    SWITCHYARD_AUTH: 'off',
  });
  // Warm up: the route modules a run and an import load, the first parse worker, the connections.
  const warm = await createGraph(routerGraph('warm-up', 'state.input.matches("^a+$")'));
  expect((await runToEnd(warm, 'aaa')).status).toBe('succeeded');
  const imported = await fetch(`${api.url}/api/graphs/import`, { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: `${WRITER_REVIEWER_YAML.replace(/^name: .*$/m, 'name: warm-import')}# ${'x'.repeat(40_000)}\n` });
  expect(imported.status).toBe(201);
  for (let i = 0; i < 10; i++) await healthOnce();
  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) quiet.push(await healthOnce());
  startIdle = quantile(quiet, 0.5);
}, 60_000);

afterAll(async () => {
  await api?.kill();
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log('health during probes, per attempt (idle median, answers, p90 and slowest as multiples of it):', JSON.stringify(observed));
});

describe('/api/health keeps answering while hostile work runs', () => {
  it('an edge `state.input.matches("^(a+)+$")` on a 40-character input: the run ends at once', async () => {
    const id = await createGraph(routerGraph('regex-probe', 'state.input.matches("^(a+)+$")'));
    const run = await whileProbing('matches', () => runToEnd(id, `${'a'.repeat(40)}!`));
    expect(run.status).toBe('succeeded');
  });

  it('four nested comprehensions over [0..99] are refused when saved', async () => {
    const l = `[${range(100).join(', ')}]`;
    const when = `${l}.all(a, ${l}.all(b, ${l}.all(c, ${l}.all(d, a + b + c + d >= 0))))`;
    const r = await whileProbing('cel-nested-save', () => api.call('POST', '/api/graphs', { document: routerGraph('cel-nested', when) }));
    expect(r.status).toBe(422);
    expect(r.body.errors[0]).toMatchObject({ code: 'cel_budget' });
  });

  it('three nested comprehensions over 100 items of state: the run fails with cel_budget', async () => {
    const when = 'state.xs.all(a, state.xs.all(b, state.xs.all(c, a + b + c >= 0)))';
    const id = await createGraph(routerGraph('cel-runtime', when, { xs: { type: 'list', reducer: 'replace', default: range(100) } }));
    const run = await whileProbing('cel-budget-run', () => runToEnd(id, 'go'));
    expect(run.status).toBe('failed');
    expect(run.error?.message).toMatch(/CEL budget/);
  });

  it('a ReAct agent with an author-supplied catastrophic action pattern ends', async () => {
    mock.script([{ name: 'as', reply: { content: `${'a'.repeat(5000)}!` } }]);
    const id = await createGraph(reactGraph('react-author-regex', { action_pattern: '^((a+)+)x(.*)$', final_answer_pattern: '^(a+)+Final: (.*)$' }));
    const run = await whileProbing('react-author-pattern', () => runToEnd(id, 'go'));
    expect(['succeeded', 'failed']).toContain(run.status);
    expect(mock.count('as')).toBeGreaterThan(0);
  });

  it('the default action pattern on a reply with 120,000 spaces ends', async () => {
    const id = await createGraph(reactGraph('react-spaces'));
    const run = await whileProbing('react-default-spaces', () => {
      mock.script([
        { name: 'spaces', times: 1, reply: { content: `Action: calc\nAction Input: 1 + 1${' '.repeat(120_000)}\n` } },
        { name: 'answer', reply: { content: 'Final Answer: 2' } },
      ]);
      return runToEnd(id, 'go');
    });
    expect(run.status, JSON.stringify(run.error)).toBe('succeeded');
    expect(mock.count('spaces')).toBeGreaterThanOrEqual(1);
  });

  it('a 909 KB YAML import with 40,000 layout entries is imported', async () => {
    const lines = range(40_000).map((i) => `  g${i}: {x: 1, y: 2}`);
    const text = `${WRITER_REVIEWER_YAML.replace(/^name: .*$/m, 'name: big-layout')}layout:\n${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(900_000);
    const r = await importYaml('yaml-40k-layout', text);
    expect(r).toMatchObject({ status: 201, code: 'ok', warnings: 40_000 });
  }, 45_000);

  it('the same document of 40,000 layout entries as JSON is created by POST /api/graphs and saved again by PUT', async () => {
    const doc = { ...writerReviewerGraph(), name: 'big-layout-json', layout: Object.fromEntries(range(40_000).map((i) => [`g${i}`, { x: 1, y: 2 }])) };
    const body = JSON.stringify({ document: doc });
    expect(body.length).toBeGreaterThan(900_000);
    const created = await sendJson('json-40k-layout-post', 'POST', '/api/graphs', body);
    expect(created).toMatchObject({ status: 201, code: 'ok', warnings: 40_000 });
    const again = JSON.stringify({ document: { ...doc, description: 'saved again' } });
    const saved = await sendJson('json-40k-layout-put', 'PUT', `/api/graphs/${created.id}`, again);
    expect(saved).toMatchObject({ status: 200, code: 'ok', warnings: 40_000 });
  }, 45_000);

  it('1 MiB of `[` is refused as too deep', async () => {
    const r = await importYaml('yaml-brackets', '['.repeat(1024 * 1024));
    expect(r).toMatchObject({ status: 422, code: 'invalid_graph', problem: 'too_deep' });
  });

  it('1 MiB of `0,` in a flow sequence is refused for its node count before it expands', async () => {
    const r = await importYaml('yaml-many-nodes', `switchyard: 1\nname: [${'0,'.repeat(520_000)}0]\n`);
    expect(r).toMatchObject({ status: 422, code: 'invalid_graph', problem: 'too_many_nodes' });
  }, 45_000);
});
