/**
 * A budget per API key (cost, issue 13) over HTTP with accounts on: a key created with
 * `max_cost_usd` starts runs until its runs of the month cost that much, then POST …/runs answers
 * 402 budget_exceeded before any run starts; PATCH raises the budget; the key list shows the spend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { monthStart } from '@/db/auth-keys';

let mock: MockOpenAI;
let s: AuthServer;
let admin: string;
let editor: string;

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [{ name: 'any', reply: { content: 'Done.', usage: { prompt_tokens: 400, completion_tokens: 200 } } }] });
  s = await startAuthServer({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test' });
  admin = await s.setupAdmin();
  editor = await s.addUser(admin, 'ed@example.com', 'editor');
});
afterAll(async () => {
  await s?.close();
  await mock?.close();
});

/** Reads the run's event stream to its end (the run finished), then its row. */
async function finished(runId: string, bearer: string) {
  const res = await s.api.fetch(`/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${bearer}` } });
  await res.text();
  return (await s.call('GET', `/api/runs/${runId}`, { bearer })).body.run;
}

describe('budget per API key', () => {
  it('refuses runs with budget_exceeded once the key spent its monthly budget; PATCH raises it', async () => {
    // $1 / $2 per 1M tokens: 400 in + 200 out = $0.0008 a call, two agents = $0.0016 a run.
    const conn = await s.call('POST', '/api/connections', { cookie: admin }, { name: 'priced', base_url: mock.url, prices: { 'gpt-4o': { input: 1, output: 2 } } });
    expect(conn.status).toBe(201);
    const agent = { role: 'agent', strategy: 'tool_calling' };
    const doc = {
      switchyard: 1,
      name: 'two',
      models: { default: { connection: 'priced', model: 'gpt-4o' } },
      nodes: { a: agent, b: agent },
      edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'b' }, { from: 'b', to: 'END' }],
    };
    const graph = await s.call('POST', '/api/graphs', { cookie: editor }, { document: doc });
    expect(graph.status).toBe(201);
    const graphId = graph.body.id ?? graph.body.graph?.id;

    const key = await s.call('POST', '/api/keys', { cookie: editor }, { name: 'ci', max_cost_usd: 0.001 });
    expect(key.status).toBe(201);
    expect(key.body.key).toMatchObject({ max_cost_usd: 0.001, spent_usd: 0 });
    const bearer: string = key.body.secret;
    const start = () => s.call('POST', `/api/graphs/${graphId}/runs`, { bearer, origin: null }, { input: 'go' });

    // The first run may cost only what is left of the budget: it stops once the second call crosses it.
    const first = await start();
    expect(first.status).toBe(201);
    const stopped = await finished(first.body.run_id, bearer);
    expect(stopped).toMatchObject({ status: 'failed', usage: { cost_usd: 0.0016 } });
    expect(stopped.error).toMatchObject({ code: 'budget_exceeded' });
    expect(stopped.error.message).toContain('more than what is left ($0.001) of API key "ci"\'s $0.001 monthly budget');
    const calls = mock.chatRequests().length;

    const refused = await start();
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('budget_exceeded');
    expect(refused.body.error.message).toContain('has spent $0.0016 of its $0.001 budget this month');
    const openai = await s.call('POST', '/api/v1/chat/completions', { bearer, origin: null }, { model: 'two', messages: [{ role: 'user', content: 'go' }] });
    expect(openai.status).toBe(402);
    expect(openai.body.error).toMatchObject({ code: 'budget_exceeded' });
    expect(mock.chatRequests()).toHaveLength(calls); // no run started
    // The signed-in user (no key) is not held to the key's budget.
    expect((await s.call('POST', `/api/graphs/${graphId}/runs`, { cookie: editor }, { input: 'go' })).status).toBe(201);

    const list = await s.call('GET', '/api/keys', { cookie: editor });
    expect(list.body.keys[0]).toMatchObject({ name: 'ci', max_cost_usd: 0.001, spent_usd: 0.0016 });
    expect((await s.call('PATCH', `/api/keys/${key.body.key.id}`, { cookie: admin }, { max_cost_usd: 1 })).status).toBe(404); // keys are personal
    expect((await s.call('PATCH', `/api/keys/${key.body.key.id}`, { cookie: editor }, { max_cost_usd: -1 })).status).toBe(400);
    const raised = await s.call('PATCH', `/api/keys/${key.body.key.id}`, { cookie: editor }, { max_cost_usd: 1 });
    expect(raised.body).toMatchObject({ max_cost_usd: 1, spent_usd: 0.0016 });
    expect((await start()).status).toBe(201);
  });

  it('budgets are per calendar month (UTC)', () => {
    expect(monthStart(new Date('2026-03-31T23:59:59.999Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(monthStart(new Date('2026-04-01T00:00:00.000Z')).toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });
});
