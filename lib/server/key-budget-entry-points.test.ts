/**
 * A budget per API key holds on every entry point that starts a run (issue 13 item 7), over HTTP
 * with accounts on and real keys: POST /api/graphs/:id/runs, /api/v1/chat/completions, the
 * assistants API (threads/:id/runs and createAndRun), /api/mcp tools/call, and forks and replays.
 * A key that spent its monthly budget is refused on each with budget_exceeded and no model call;
 * a key with budget left starts a run on each, and every such run is recorded with the key, so its
 * cost is what the key has spent.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRun } from '@/db/runs';
import { roundUsd } from '@/lib/graph/prices';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';

let mock: MockOpenAI;
let s: AuthServer;
let editor: string;
let graphId: string;
let assistantId: string;

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [{ name: 'any', reply: { content: 'Done.', usage: { prompt_tokens: 400, completion_tokens: 200 } } }] });
  s = await startAuthServer({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test' });
  const admin = await s.setupAdmin();
  editor = await s.addUser(admin, 'ed@example.com', 'editor');
  // $1 / $2 per 1M tokens: 400 in + 200 out = $0.0008 a model call, one call a run.
  expect((await s.call('POST', '/api/connections', { cookie: admin }, { name: 'priced', base_url: mock.url, prices: { 'gpt-4o': { input: 1, output: 2 } } })).status).toBe(201);
  const doc = {
    switchyard: 1,
    name: 'one',
    models: { default: { connection: 'priced', model: 'gpt-4o' } },
    nodes: { a: { role: 'agent', strategy: 'tool_calling' } },
    edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'END' }],
  };
  const graph = await s.call('POST', '/api/graphs', { cookie: editor }, { document: doc });
  expect(graph.status).toBe(201);
  graphId = graph.body.id ?? graph.body.graph?.id;
  const assistant = await s.call('POST', '/api/v1/assistants', { cookie: editor }, { model: 'one' });
  expect(assistant.status).toBe(200);
  assistantId = assistant.body.id;
});
afterAll(async () => {
  await s?.close();
  await mock?.close();
});

async function newKey(name: string, maxCostUsd: number): Promise<{ id: string; bearer: string }> {
  const key = await s.call('POST', '/api/keys', { cookie: editor }, { name, max_cost_usd: maxCostUsd });
  expect(key.status).toBe(201);
  return { id: key.body.key.id, bearer: key.body.secret };
}

/** Reads the run's event stream to its end (the run finished), then its row. */
async function finished(runId: string, bearer: string) {
  const res = await s.api.fetch(`/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${bearer}` } });
  await res.text();
  return (await s.call('GET', `/api/runs/${runId}`, { bearer })).body.run;
}

async function spent(keyId: string): Promise<number> {
  const list = await s.call('GET', '/api/keys', { cookie: editor });
  return (list.body.keys as { id: string; spent_usd: number }[]).find((k) => k.id === keyId)!.spent_usd;
}

async function mcpClient(bearer: string): Promise<Client> {
  const client = new Client({ name: 'budget-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${s.api.url}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } }));
  return client;
}

/** Every entry point that starts a run, as this key: each answers with its status and, when a run started, its id. */
function entryPoints(bearer: string, parentRunId: string, threadId: string) {
  const as = { bearer, origin: null };
  const answer = (r: { status: number; body: any }, runId?: string) => ({ status: r.status, body: r.body, runId });
  return {
    'POST /api/graphs/:id/runs': async () => {
      const r = await s.call('POST', `/api/graphs/${graphId}/runs`, as, { input: 'go' });
      return answer(r, r.body.run_id);
    },
    'POST /api/v1/chat/completions': async () => {
      const r = await s.call('POST', '/api/v1/chat/completions', as, { model: 'one', messages: [{ role: 'user', content: 'go' }] });
      return answer(r, r.headers.get('x-switchyard-run-id') ?? undefined);
    },
    'POST /api/v1/threads/:id/runs': async () => {
      const r = await s.call('POST', `/api/v1/threads/${threadId}/runs`, as, { assistant_id: assistantId });
      return answer(r, r.body.id);
    },
    'POST /api/v1/threads/runs (createAndRun)': async () => {
      const r = await s.call('POST', '/api/v1/threads/runs', as, { assistant_id: assistantId, thread: { messages: [{ role: 'user', content: 'go' }] } });
      return answer(r, r.body.id);
    },
    'POST /api/mcp tools/call': async () => {
      const client = await mcpClient(bearer);
      try {
        const r = await client.callTool({ name: 'one', arguments: { input: 'go' } });
        const runId = (r._meta as Record<string, string> | undefined)?.['switchyard/run_id'];
        return { status: r.isError ? 402 : 200, body: r, runId };
      } finally {
        await client.close();
      }
    },
    'POST /api/runs/:id/fork': async () => {
      const r = await s.call('POST', `/api/runs/${parentRunId}/fork`, as, { step: 0 });
      return answer(r, r.body.run_id);
    },
    'POST /api/runs/:id/replay': async () => {
      const r = await s.call('POST', `/api/runs/${parentRunId}/replay`, as, {});
      return answer(r, r.body.run_id);
    },
  };
}

describe('a budget per API key on every entry point', () => {
  let parentRunId: string;

  it('a key that spent its budget is refused on each with budget_exceeded, and no model is called', async () => {
    const key = await newKey('spent', 0.0005);
    const first = await s.call('POST', `/api/graphs/${graphId}/runs`, { bearer: key.bearer, origin: null }, { input: 'go' });
    expect(first.status).toBe(201);
    parentRunId = first.body.run_id;
    // Its one call costs more than the whole budget: the run stops there (the engine's key ceiling).
    expect(await finished(parentRunId, key.bearer)).toMatchObject({ status: 'failed', error: { code: 'budget_exceeded' }, usage: { cost_usd: 0.0008 } });
    expect(await spent(key.id)).toBe(0.0008);
    // Creating a thread starts no run: allowed.
    const thread = await s.call('POST', '/api/v1/threads', { bearer: key.bearer, origin: null }, { messages: [{ role: 'user', content: 'go' }] });
    expect(thread.status).toBe(200);

    const calls = mock.chatRequests().length;
    for (const [name, start] of Object.entries(entryPoints(key.bearer, parentRunId, thread.body.id))) {
      const r = await start();
      expect(r.status, name).toBe(402);
      expect(r.runId, name).toBeUndefined();
      const text = JSON.stringify(r.body);
      expect(text, name).toContain('budget_exceeded');
      expect(text, name).toContain('has spent $0.0008 of its $0.0005 budget this month');
    }
    expect(mock.chatRequests()).toHaveLength(calls);
    expect(await spent(key.id)).toBe(0.0008);
  });

  it('a key with budget left starts a run on each; every run is the key\'s and its cost is what the key spent', async () => {
    const key = await newKey('roomy', 1);
    const thread = await s.call('POST', '/api/v1/threads', { bearer: key.bearer, origin: null }, { messages: [{ role: 'user', content: 'go' }] });
    const runIds: string[] = [];
    let cost = 0;
    for (const [name, start] of Object.entries(entryPoints(key.bearer, parentRunId, thread.body.id))) {
      const r = await start();
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
      expect(r.runId, name).toEqual(expect.any(String));
      const run = await finished(r.runId!, key.bearer);
      expect(run.status, name).toBe('succeeded');
      expect(getRun(r.runId!)?.apiKeyId, name).toBe(key.id);
      runIds.push(r.runId!);
      cost += run.usage?.cost_usd ?? 0;
    }
    expect(new Set(runIds).size).toBe(7);
    expect(cost).toBeGreaterThan(0);
    expect(await spent(key.id)).toBe(roundUsd(cost));
  });
});
