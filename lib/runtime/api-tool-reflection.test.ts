/**
 * Through HTTP: self-reflection (`reflect: N`) on the tools that offer several functions — an openapi
 * tool's operations (the local pet-store service) and an mcp tool's server tools (the SDK test
 * server). A judgement that is not aligned rephrases the input once and the function runs again;
 * the reruns stop at N; every judgement is a traced model call under the tool's span.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { GraphDocument, ToolSpec } from '@/lib/graph/schema';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockRule } from '@/lib/llm/testing/mock-types';
import { startOpenApiService, type OpenApiService } from '@/lib/tools/testing/openapi-service';
import { forgetMcpClient } from './mcp/client-pool';
import { startMcpTestServer, type McpTestServer } from './mcp/testing/mcp-test-server';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let svc: OpenApiService;
let mcp: McpTestServer;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI();
  svc = await startOpenApiService('3.0.3');
  mcp = await startMcpTestServer();
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
  expect((await h.call('POST', '/api/mcp-servers', { name: 'calc', url: mcp.url })).status).toBe(201);
});
afterAll(async () => {
  await forgetMcpClient('calc');
  await h?.close();
  await mcp?.close();
  await svc?.close();
  await mock?.close();
});

const JUDGE = 'self-reflection';
const notAligned = (rephrased: unknown) => ({ content: JSON.stringify({ aligned: false, reason: 'The output does not answer the input.', rephrased_input: rephrased }) });
const aligned = { content: JSON.stringify({ aligned: true, reason: 'It answers it.' }) };

/** An agent (marker `tag`) that calls `fn` with `args` once, then answers; plus the judgements, in order. */
function script(tag: string, fn: string, args: Record<string, unknown>, judgements: { content: string }[]): void {
  const rules: MockRule[] = judgements.map((reply, i) => ({ name: `judge-${i}`, match: { systemContains: JUDGE, lastUserContains: `Tool: ${fn}` }, times: 1, reply }));
  mock.script([
    { match: { lastUserContains: tag, turn: 1 }, reply: { tool_calls: [{ name: fn, arguments: args }] } },
    { match: { lastUserContains: tag, turn: 2 }, reply: { content: 'done' } },
    ...rules,
  ]);
}

async function runWith(name: string, tool: ToolSpec, input: string): Promise<{ status: string; events: TraceEvent[] }> {
  const doc: GraphDocument = agentGraph(name, { tools: { t: tool }, agent: { tools: ['t'] } });
  const runId = await h.startRun(await h.createGraph(doc), { input });
  const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
  return { status: run.status, events };
}

/** The judgements: llm.request events marked as reflection, each under the tool.call's span. */
function judgements(events: TraceEvent[]) {
  const call = events.find((e) => e.type === 'tool.call')!;
  const requests = events.filter((e) => e.type === 'llm.request' && e.data.purpose === 'reflection');
  for (const r of requests) expect(r.parent_span_id).toBe(call.span_id);
  expect(events.filter((e) => e.type === 'llm.response' && e.data.purpose === 'reflection')).toHaveLength(requests.length);
  return requests;
}

const pets = (): ToolSpec => ({ type: 'openapi', spec: svc.spec, operations: ['listPets'], reflect: 2 });

describe('reflect on an openapi tool (each operation)', () => {
  it('rephrases once when the output is not aligned, calls the operation again and hands on the aligned output', async () => {
    script('refl-pets', 'listPets', { limit: 0 }, [notAligned({ limit: 10 }), aligned]);
    svc.hits.length = 0;
    const { status, events } = await runWith('refl-openapi', pets(), 'refl-pets: which pets are there?');
    expect(status).toBe('succeeded');
    expect(svc.hits.map((x) => `${x.method} ${x.url}`)).toEqual(['GET /v1/pets?limit=0', 'GET /v1/pets?limit=10']);
    const result = events.find((e) => e.type === 'tool.result')!.data;
    expect(result).toMatchObject({ tool: 'listPets', reflection: { aligned: true, reruns: 1, attempts: [{ input: { limit: 0 }, aligned: false }, { input: { limit: 10 }, aligned: true }] } });
    expect(JSON.parse(String(result.output))).toMatchObject({ pets: [{ id: 1, name: 'Rex' }] });
    const judged = judgements(events);
    expect(judged).toHaveLength(2);
    // Judged against the operation's own description and arguments.
    expect(JSON.stringify(judged[0].data.messages)).toContain('Tool: listPets\\nDescription: List pets');
    expect(mock.count('judge-0') + mock.count('judge-1')).toBe(2);
  });

  it('stops at N reruns (reflect: 1) and hands on the last output with a note', async () => {
    script('refl-pets-n', 'listPets', { limit: 0 }, [notAligned({ limit: 1 }), notAligned({ limit: 2 }), aligned]);
    svc.hits.length = 0;
    const { status, events } = await runWith('refl-openapi-n', { ...pets(), reflect: 1 } as ToolSpec, 'refl-pets-n: which pets?');
    expect(status).toBe('succeeded');
    expect(svc.hits.map((x) => x.url)).toEqual(['/v1/pets?limit=0', '/v1/pets?limit=1']);
    const result = events.find((e) => e.type === 'tool.result')!.data;
    expect(result).toMatchObject({ reflection: { aligned: false, reruns: 1 } });
    expect(String(result.output)).toMatch(/\n\n\[Self-reflection: this output may not fit the tool's purpose after 1 rephrasing: The output does not answer the input\.\]$/);
    expect(judgements(events)).toHaveLength(2);
    expect(mock.count('judge-2')).toBe(0); // the third judgement was never asked for
  });
});

describe('reflect on an mcp tool (each server tool)', () => {
  it('rephrases once, calls the server tool again, and stops there when aligned', async () => {
    script('refl-echo', 'echo', { text: 'helo' }, [notAligned({ text: 'hello' }), aligned, notAligned({ text: 'unused' })]);
    const before = mcp.calls.length;
    const { status, events } = await runWith('refl-mcp', { type: 'mcp', server: 'calc', tools: ['echo'], reflect: 3 }, 'refl-echo: say hello');
    expect(status).toBe('succeeded');
    expect(mcp.calls.slice(before).map((c) => c.args)).toEqual([{ text: 'helo' }, { text: 'hello' }]);
    expect(events.find((e) => e.type === 'tool.result')!.data).toMatchObject({ tool: 'echo', output: 'hello', reflection: { aligned: true, reruns: 1 } });
    expect(judgements(events)).toHaveLength(2);
    expect(mock.count('judge-2')).toBe(0);
  });

  it('reflect: 0 never judges', async () => {
    script('refl-none', 'echo', { text: 'x' }, [aligned]);
    const { events } = await runWith('refl-mcp-0', { type: 'mcp', server: 'calc', tools: ['echo'] }, 'refl-none: echo');
    expect(judgements(events)).toHaveLength(0);
    expect(events.find((e) => e.type === 'tool.result')!.data.reflection).toBeUndefined();
  });
});
