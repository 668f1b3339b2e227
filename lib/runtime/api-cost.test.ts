/**
 * Cost through the API (issue 13): a connection's own prices price each model call, the run's
 * usage carries cost_usd, `limits.max_cost_usd` stops the run with budget_exceeded naming the cost
 * so far; a local server (the mock at 127.0.0.1) is free.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from './testing/harness';
import { isLocalBaseUrl } from './connections';
import type { GraphDocument } from '@/lib/graph/schema';

let mock: MockOpenAI;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [{ name: 'any', reply: { content: 'Done.', usage: { prompt_tokens: 400, completion_tokens: 200 } } }] });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test' });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
});

function threeAgents(name: string, connection: string, limits?: GraphDocument['limits']): GraphDocument {
  const agent = { role: 'agent' as const, strategy: 'tool_calling' as const };
  return {
    switchyard: 1,
    name,
    models: { default: { connection, model: 'gpt-4o' } },
    nodes: { a: agent, b: agent, c: agent },
    edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'b' }, { from: 'b', to: 'c' }, { from: 'c', to: 'END' }],
    ...(limits ? { limits } : {}),
  };
}

describe('cost', () => {
  it('prices calls with the connection\'s prices and stops at max_cost_usd with budget_exceeded and the cost so far', async () => {
    const created = await h.call('POST', '/api/connections', { name: 'priced', base_url: mock.url, prices: { 'gpt-4o': { input: 1, output: 2 } } });
    expect(created.status).toBe(201);
    expect(created.body.prices).toEqual({ 'gpt-4o': { input: 1, output: 2 } });
    // 400 in at $1/1M + 200 out at $2/1M = $0.0008 a call: the second call passes $0.001.
    const id = await h.createGraph(threeAgents('budget', 'priced', { max_cost_usd: 0.001 }));
    const run = await h.waitForStatus(await h.startRun(id, { input: 'go' }), ['failed']);
    expect(run.run.error).toMatchObject({ code: 'budget_exceeded', message: expect.stringContaining('cost $0.0016 so far') });
    expect(run.run.usage).toMatchObject({ prompt_tokens: 800, completion_tokens: 400, cost_usd: 0.0016 });
    expect(mock.chatRequests()).toHaveLength(2);
    const responses = run.events.filter((e) => e.type === 'llm.response');
    expect(responses.map((e) => e.data.cost_usd)).toEqual([0.0008, 0.0008]);

    const put = await h.call('PUT', '/api/connections/priced', { prices: { '*': 'free' } });
    expect(put.body.prices).toEqual({ '*': 'free' });
    const free = await h.waitForStatus(await h.startRun(id, { input: 'go' }), ['succeeded']);
    expect(free.run.usage).toMatchObject({ cost_usd: 0 });
  });

  it('a local server without prices is free; known hosted ones are not local', async () => {
    const id = await h.createGraph(threeAgents('local', 'default'));
    const run = await h.waitForStatus(await h.startRun(id, { input: 'go' }), ['succeeded']);
    expect(run.run.usage).toMatchObject({ cost_usd: 0 });
    expect(isLocalBaseUrl('http://localhost:11434/v1')).toBe(true);
    expect(isLocalBaseUrl('http://192.168.1.20:8000/v1')).toBe(true);
    expect(isLocalBaseUrl('https://api.openai.com/v1')).toBe(false);
  });
});
