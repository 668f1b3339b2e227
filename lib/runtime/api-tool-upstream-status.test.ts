/**
 * Through HTTP: a status a tool's far server answers (here an http tool's API answering 404) is data
 * of the tool's error (`upstream_status`), never the status our routes answer with. A tool node
 * whose call fails fails the run (a 5xx server_error on /v1, the run `failed` on /api/runs); an agent
 * gets the failure as its tool result and goes on (200).
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startLocalServer, type LocalServer } from '@/lib/tools/testing/local-server';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let far: LocalServer;
let h: Harness;
let client: OpenAI;

/** A graph whose only node is a tool node calling the http tool `lookup` at `url`. */
function toolNodeGraph(name: string, url: string): GraphDocument {
  return {
    switchyard: 1,
    name,
    state: { found: { type: 'string' } },
    tools: { lookup: { type: 'http', method: 'GET', url } },
    nodes: { fetch: { role: 'tool', tool: 'lookup', output: 'found' } },
    edges: [
      { from: 'START', to: 'fetch' },
      { from: 'fetch', to: 'END' },
    ],
    output: 'found',
  };
}

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [] });
  far = await startLocalServer({
    '/missing': (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'no such record' }));
    },
    '/found': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('record 7');
    },
  });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
  await h.createGraph(toolNodeGraph('lookup-missing', `${far.origin}/missing`));
  await h.createGraph(toolNodeGraph('lookup-found', `${far.origin}/found`));
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
});
afterAll(async () => {
  await h?.close();
  await far?.close();
  await mock?.close();
});

describe("a tool's upstream HTTP status", () => {
  it('the same graph answers 200 when the far server does (the test reaches it)', async () => {
    const res = await client.chat.completions.create({ model: 'lookup-found', messages: [{ role: 'user', content: 'find it' }] });
    expect(res.choices[0].message.content).toBe('record 7');
  });

  it('an upstream 404 in a tool node fails the run: /v1 answers a 5xx server_error (InternalServerError), not 404', async () => {
    const before = far.hits.length;
    const err = await client.chat.completions.create({ model: 'lookup-missing', messages: [{ role: 'user', content: 'find it' }] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(far.hits.length).toBe(before + 1); // the far server was called and answered 404
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    const apiErr = err as InstanceType<typeof OpenAI.APIError>;
    expect(apiErr.status).toBe(500);
    expect(apiErr.type).toBe('server_error');
    expect(apiErr.status).not.toBe(404);
    expect(apiErr.message).toMatch(/answered 404/);
  });

  it('over /api/graphs/:id/runs the run is failed and GET /api/runs/:id answers 200', async () => {
    const graphId = await h.createGraph(toolNodeGraph('lookup-missing-2', `${far.origin}/missing`));
    const runId = await h.startRun(graphId, { input: 'find it' });
    const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(run.status).toBe('failed');
    expect(run.error?.message).toMatch(/answered 404/);
    const got = await h.call('GET', `/api/runs/${runId}`);
    expect(got.status).toBe(200);
    const result = events.find((e) => e.type === 'tool.result');
    expect(String(result?.data.error)).toMatch(/answered 404/);
  });

  it('an agent gets the 404 as its tool result and answers: the route answers 200', async () => {
    mock.script([
      { match: { turn: 1, lastUserContains: 'look it up' }, reply: { tool_calls: [{ name: 'lookup', arguments: {} }] } },
      { match: { turn: 2, lastUserContains: 'look it up', anyMessageContains: 'answered 404' }, reply: { content: 'The record does not exist.' } },
    ]);
    await h.createGraph(agentGraph('agent-lookup', { tools: { lookup: { type: 'http', method: 'GET', url: `${far.origin}/missing` } }, agent: { tools: ['lookup'] } }));
    const res = await client.chat.completions.create({ model: 'agent-lookup', messages: [{ role: 'user', content: 'look it up' }] });
    expect(res.choices[0].message.content).toBe('The record does not exist.');
  });
});
