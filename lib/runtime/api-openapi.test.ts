/**
 * Through HTTP: an openapi tool whose spec_url is fetched (guarded client) when the graph is saved,
 * its allow-listed operations called from an agent run (mock model), one outside the allow-list
 * refused, and a spec URL on a private address refused unless allow-listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { GraphDocument } from '@/lib/graph/schema';
import { setEnv } from '@/lib/testing/env';
import { startOpenApiService, type OpenApiService } from '@/lib/tools/testing/openapi-service';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let svc: OpenApiService;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI();
  svc = await startOpenApiService('3.1.0');
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
  await svc?.close();
  await mock?.close();
});

const petsGraph = (name: string): GraphDocument =>
  agentGraph(name, { tools: { pets: { type: 'openapi', spec_url: `${svc.origin}/openapi.json`, operations: ['listPets', 'getPet'] } }, agent: { tools: ['pets'] } });

describe('openapi tool through the API', () => {
  it('fetches spec_url when the graph is saved and keeps the spec in the document', async () => {
    const res = await h.call('POST', '/api/graphs', { document: petsGraph('pets-saved') });
    expect(res.status).toBe(201);
    expect(res.body.document.tools.pets).toMatchObject({ spec_url: `${svc.origin}/openapi.json`, spec: { openapi: '3.1.0' } });
  });

  it('an agent calls an allow-listed operation; one outside the allow-list is refused', async () => {
    mock.script([
      { match: { turn: 1, lastUserContains: 'pet-q' }, reply: { tool_calls: [{ name: 'getPet', arguments: { petId: 1 } }, { name: 'deletePet', arguments: { petId: 1 } }] } },
      { match: { turn: 2, lastUserContains: 'pet-q' }, reply: { content: 'Pet 1 is Rex.' } },
    ]);
    svc.hits.length = 0;
    const res = await h.call('POST', '/api/graphs', { document: petsGraph('pets-run') });
    const runId = await h.startRun(res.body.id, { input: 'pet-q: who is pet 1?' });
    const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(run.status).toBe('succeeded');
    const offered = (mock.requests.at(-1)!.body as { tools?: { function: { name: string } }[] }).tools?.map((t) => t.function.name);
    expect(offered).toEqual(['listPets', 'getPet']);
    const results = events.filter((e) => e.type === 'tool.result').map((e) => e.data);
    expect(events.find((e) => e.type === 'tool.call')!.data).toMatchObject({ tool: 'getPet', type: 'openapi' });
    expect(JSON.parse(String(results[0].output))).toEqual({ id: 1, name: 'Rex' });
    expect(results[1]).toMatchObject({ tool: 'deletePet', error: expect.stringMatching(/deletePet/) });
    expect(svc.hits.map((x) => `${x.method} ${x.url}`)).toEqual(['GET /openapi.json', 'GET /v1/pets/1']);
  });

  it('a ReAct agent calls an operation with a JSON Action Input, its arguments named in the prompt', async () => {
    mock.script([
      { match: { lastUserContains: 'react-pet', noMessageContains: 'Rex' }, reply: { content: 'Thought: look it up\nAction: getPet\nAction Input: {"petId": 1}' } },
      { match: { lastUserContains: 'react-pet', anyMessageContains: 'Rex' }, reply: { content: 'Final Answer: Rex' } },
    ]);
    const doc = petsGraph('pets-react');
    doc.nodes.agent = { ...doc.nodes.agent, strategy: 'react' } as typeof doc.nodes.agent;
    const res = await h.call('POST', '/api/graphs', { document: doc });
    const runId = await h.startRun(res.body.id, { input: 'react-pet: who is pet 1?' });
    const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(run.status).toBe('succeeded');
    expect(events.find((e) => e.type === 'tool.call')!.data).toMatchObject({ tool: 'getPet', args: { petId: 1 } });
    expect(JSON.parse(String(events.find((e) => e.type === 'tool.result')!.data.output))).toEqual({ id: 1, name: 'Rex' });
    const prompt = JSON.stringify(mock.chatRequests().find((r) => JSON.stringify(r.messages).includes('react-pet'))!.messages);
    expect(prompt).toContain('getPet: One pet Arguments (JSON object): petId (integer, required).');
  });

  it('SSRF: a spec URL on a private address is refused unless allow-listed (nothing saved, nothing fetched)', async () => {
    const restore = setEnv({ SWITCHYARD_ALLOWED_HOSTS: '' });
    svc.hits.length = 0;
    try {
      const res = await h.call('POST', '/api/graphs', { document: petsGraph('pets-private') });
      expect(res.status).toBe(422);
      expect(res.body.error.details.errors[0]).toMatchObject({ code: 'openapi_spec_fetch', path: 'tools.pets.spec_url' });
    } finally {
      restore();
    }
    expect(svc.hits).toEqual([]);
  });
});
