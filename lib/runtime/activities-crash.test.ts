/**
 * Exactly-once side effects across a crash: a spawned server process runs an agent that POSTs to a
 * counting HTTP server, then hangs in the next model call; the process is killed with SIGKILL. A
 * new server process on the same database resumes the run by itself at start (lib/runtime/recovery.ts;
 * with SWITCHYARD_AUTO_RESUME=off it waits as interrupted for a manual resume): the finished tool call
 * is replayed from the call journal (run_journal: zero repeated hits) and its Idempotency-Key was the
 * deterministic one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { GraphDocument } from '@/lib/graph/schema';
import { spawnApiServer, type SpawnedApi } from './testing/spawned-api';

let mock: MockOpenAI;
let target: Server;
let targetUrl = '';
const hits: { method: string; key: string | undefined }[] = [];
let dir = '';
const servers: SpawnedApi[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'switchyard-crash-'));
  mock = await startMockOpenAI();
  target = createServer((req, res) => {
    hits.push({ method: req.method ?? '', key: req.headers['idempotency-key'] as string | undefined });
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`accepted #${hits.length}`);
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of servers) await s.kill();
  await mock?.close();
  await new Promise<void>((r) => target?.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

function doc(name = 'post-then-think'): GraphDocument {
  return {
    switchyard: 1,
    name,
    models: { default: { connection: 'default', model: 'gpt-test' } },
    tools: { hook: { type: 'http', method: 'POST', url: `${targetUrl}/hook`, description: 'Posts a notification.' } },
    nodes: { a: { role: 'agent', strategy: 'tool_calling', tools: ['hook'], system_prompt: 'Notify, then answer.' } },
    edges: [
      { from: 'START', to: 'a' },
      { from: 'a', to: 'END' },
    ],
  };
}

async function waitForStatus(api: SpawnedApi, runId: string, statuses: string[]): Promise<{ run: { status: string }; events: { type: string; data: Record<string, unknown> }[] }> {
  for (let i = 0; ; i++) {
    const r = await api.call('GET', `/api/runs/${runId}`);
    if (statuses.includes(r.body.run.status)) return r.body;
    if (i > 750) throw new Error(`run ${runId} is ${r.body.run.status}, expected ${statuses.join('|')}`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

// Spawns two servers (tsx start-up, and with SWITCHYARD_RUN_THREADS a run thread loaded before each
// listens) and kills one: slow on a loaded 2-core machine, so two minutes, not the default 20 s.
describe('kill -9 after a finished tool call', { timeout: 120_000 }, () => {
  it('the resumed run replays the tool call: zero repeated hits', async () => {
    let hung: () => void = () => {};
    const hanging = new Promise<void>((r) => (hung = r));
    mock.script([
      { name: 'call', match: { turn: 1 }, reply: { tool_calls: [{ name: 'hook', arguments: {} }] } },
      {
        name: 'hang',
        match: { turn: 2 },
        times: 1,
        reply: () => {
          hung();
          return { hang: true };
        },
      },
      { name: 'answer', match: { turn: 2 }, reply: { content: 'Notified.' } },
    ]);
    const env = { SWITCHYARD_DB: path.join(dir, 'crash.db'), OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1', SWITCHYARD_AUTH: 'off' };

    const first = await spawnApiServer(env);
    servers.push(first);
    const created = await first.call('POST', '/api/graphs', { document: doc() });
    expect(created.status).toBe(201);
    const started = await first.call('POST', `/api/graphs/${created.body.id}/runs`, { input: 'go' });
    expect(started.status).toBe(201);
    const runId = started.body.run_id as string;
    await hanging; // the tool call finished; the next model call is in flight
    expect(hits).toHaveLength(1);
    await first.kill();

    const second = await spawnApiServer(env);
    servers.push(second);
    // Nobody resumes it: the restart marks it interrupted and resumes it from its checkpoint.
    const done = await waitForStatus(second, runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    const types = done.events.map((e) => e.type);
    expect(done.events.find((e) => e.type === 'run.interrupted')?.data).toMatchObject({ reason: 'server_restart' });
    expect(types.indexOf('run.resumed')).toBeGreaterThan(types.indexOf('run.interrupted'));

    expect(hits).toHaveLength(1);
    expect(hits[0]).toEqual({ method: 'POST', key: `${runId}-s1.g0/a.0#1` });
    expect(mock.count('call')).toBe(1);
    const results = done.events.filter((e) => e.type === 'tool.result');
    expect(results.at(-1)?.data).toMatchObject({ tool: 'hook', output: 'accepted #1', replayed: true });
  });

  it('with SWITCHYARD_AUTO_RESUME=off the run waits as interrupted until resumed by hand: still zero repeated hits', async () => {
    let hung: () => void = () => {};
    const hanging = new Promise<void>((r) => (hung = r));
    mock.reset();
    hits.length = 0;
    mock.script([
      { name: 'call', match: { turn: 1 }, reply: { tool_calls: [{ name: 'hook', arguments: {} }] } },
      { name: 'hang', match: { turn: 2 }, times: 1, reply: () => (hung(), { hang: true }) },
      { name: 'answer', match: { turn: 2 }, reply: { content: 'Notified.' } },
    ]);
    const env = { SWITCHYARD_DB: path.join(dir, 'crash-manual.db'), OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1', SWITCHYARD_AUTH: 'off', SWITCHYARD_AUTO_RESUME: 'off' };
    const first = await spawnApiServer(env);
    servers.push(first);
    // On Postgres the file's tests share one database: a graph of its own name.
    const created = await first.call('POST', '/api/graphs', { document: doc('post-then-think-by-hand') });
    expect(created.status).toBe(201);
    const started = await first.call('POST', `/api/graphs/${created.body.id}/runs`, { input: 'go' });
    expect(started.status).toBe(201);
    const runId = started.body.run_id as string;
    await hanging;
    await first.kill();

    const second = await spawnApiServer(env);
    servers.push(second);
    const interrupted = await waitForStatus(second, runId, ['interrupted', 'running', 'succeeded']);
    expect(interrupted.run.status).toBe('interrupted');
    const resumed = await second.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'continue' } });
    expect(resumed.status).toBe(202);
    const done = await waitForStatus(second, runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    expect(hits).toHaveLength(1);
    expect(mock.count('call')).toBe(1);
  });
});
