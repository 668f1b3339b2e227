/**
 * OpenTelemetry export: a run through the API with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local
 * HTTP endpoint arrives as one OTLP/JSON trace whose span tree and GenAI attributes are checked,
 * with the cost of each model call, node and the run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { setEnv } from '@/lib/testing/env';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph, humanGraph } from './testing/graphs';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number; message?: string };
}

/** The OTLP receiver: resolves `next()` with the spans of the next export it receives. */
function receiver(): { server: Server; next(): Promise<{ spans: OtlpSpan[]; resource: unknown; contentType: string }> } {
  const waiting: ((v: { spans: OtlpSpan[]; resource: unknown; contentType: string }) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (req.url !== '/v1/traces') return;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: { resource: unknown; scopeSpans: { spans: OtlpSpan[] }[] }[] };
      const spans = body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
      waiting.shift()?.({ spans, resource: body.resourceSpans[0]?.resource, contentType: String(req.headers['content-type']) });
    });
  });
  return { server, next: () => new Promise((resolve) => waiting.push(resolve)) };
}

function attrs(span: OtlpSpan): Record<string, unknown> {
  return Object.fromEntries(
    span.attributes.map(({ key, value }) => {
      const v = value.stringValue ?? value.intValue ?? value.doubleValue ?? value.boolValue ?? (value.arrayValue as { values?: { stringValue?: string }[] } | undefined)?.values?.map((x) => x.stringValue);
      return [key, typeof v === 'string' && /^\d+$/.test(v) && value.intValue !== undefined ? Number(v) : v];
    }),
  );
}

let mock: MockOpenAI;
let h: Harness;
let otlp: ReturnType<typeof receiver>;
let restore: (() => void) | undefined;

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      { name: 'final', match: (req) => req.messages.some((m) => m.role === 'tool'), reply: { content: 'It is 42.', usage: { prompt_tokens: 30, completion_tokens: 4 } } },
      { name: 'calc', reply: { tool_calls: [{ id: 'call_1', name: 'calc', arguments: { expression: '6 * 7' } }], usage: { prompt_tokens: 20, completion_tokens: 8 } } },
    ],
  });
  otlp = receiver();
  await new Promise<void>((r) => otlp.server.listen(0, '127.0.0.1', r));
  const port = (otlp.server.address() as AddressInfo).port;
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'switchyard-test' });
});
afterEach(() => {
  restore?.();
  restore = undefined;
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
  await new Promise((r) => otlp?.server.close(r));
});

const graph = (name: string) => agentGraph(name, { tools: { calc: { type: 'calculator' } }, agent: { tools: ['calc'] } });

describe('OpenTelemetry export', () => {
  it('exports a finished run as one trace: workflow > agent > chat and execute_tool spans with GenAI attributes, no contents by default', async () => {
    const arrived = otlp.next();
    const graphId = await h.createGraph(graph('otel-run'));
    const runId = await h.startRun(graphId, { input: 'What is six times seven?' });
    await h.waitForStatus(runId, ['succeeded']);
    const { spans, resource, contentType } = await arrived;
    expect(contentType).toContain('application/json');
    expect(JSON.stringify(resource)).toContain('switchyard-test');
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);

    const byName = (n: string) => spans.filter((s) => s.name === n);
    const [root] = byName('invoke_workflow otel-run');
    expect(root.parentSpanId ?? '').toBe('');
    expect(attrs(root)).toMatchObject({ 'gen_ai.operation.name': 'invoke_workflow', 'gen_ai.workflow.name': 'otel-run', 'switchyard.run.id': runId, 'switchyard.run.status': 'succeeded', 'gen_ai.usage.input_tokens': 50, 'gen_ai.usage.output_tokens': 12 });
    const [agent] = byName('invoke_agent agent');
    expect(agent.parentSpanId).toBe(root.spanId);
    expect(attrs(agent)).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'agent', 'switchyard.node.role': 'agent' });

    const chats = byName('chat mock-model');
    expect(chats).toHaveLength(2);
    for (const c of chats) expect(c.parentSpanId).toBe(agent.spanId);
    // The call that asked for the tool, and the one that answered (told apart by their attributes, not their times).
    const asking = chats.find((c) => (attrs(c)['gen_ai.response.finish_reasons'] as string[])[0] === 'tool_calls')!;
    const answering = chats.find((c) => c !== asking)!;
    expect(asking.kind).toBe(3); // SPAN_KIND_CLIENT
    expect(attrs(asking)).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'mock-model', 'gen_ai.usage.input_tokens': 20, 'gen_ai.usage.output_tokens': 8 });
    expect(attrs(answering)).toMatchObject({ 'gen_ai.response.finish_reasons': ['stop'], 'gen_ai.usage.input_tokens': 30, 'gen_ai.usage.output_tokens': 4 });
    const [tool] = byName('execute_tool calc');
    expect(tool.parentSpanId).toBe(agent.spanId);
    expect(attrs(tool)).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'calc', 'gen_ai.tool.call.id': 'call_1' });
    // Contents only when asked for.
    const all = JSON.stringify(spans);
    expect(all).not.toContain('gen_ai.input.messages');
    expect(all).not.toContain('six times seven');
  });

  it('adds prompts, replies and tool arguments with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true; a failed run is an ERROR span', async () => {
    restore = setEnv({ OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true' });
    const arrived = otlp.next();
    const graphId = await h.createGraph(graph('otel-content'));
    const runId = await h.startRun(graphId, { input: 'What is six times seven?' });
    await h.waitForStatus(runId, ['succeeded']);
    const { spans } = await arrived;
    const chat = spans.find((s) => s.name === 'chat mock-model')!;
    expect(String(attrs(chat)['gen_ai.input.messages'])).toContain('What is six times seven?');
    const tool = spans.find((s) => s.name === 'execute_tool calc')!;
    expect(attrs(tool)).toMatchObject({ 'gen_ai.tool.call.arguments': '{"expression":"6 * 7"}', 'gen_ai.tool.call.result': '42' });

    const failed = otlp.next();
    const badId = await h.createGraph({ ...graph('otel-fail'), limits: { max_model_calls: 1 } });
    const badRun = await h.startRun(badId, { input: 'What is six times seven?' });
    await h.waitForStatus(badRun, ['failed']);
    const root = (await failed).spans.find((s) => s.name === 'invoke_workflow otel-fail')!;
    expect(root.status).toMatchObject({ code: 2, message: expect.stringContaining('budget_exceeded') });
  });

  it('a run paused at a human node, then cancelled: exactly one workflow span, with status cancelled, and no stray run.cancelled span', async () => {
    const arrived = otlp.next();
    mock.script([{ name: 'draft', match: (req) => req.messages.some((m) => m.role === 'system' && String(m.content).includes('one-line draft')), reply: { content: 'A draft.' } }], 'prepend');
    const graphId = await h.createGraph(humanGraph('otel-paused-cancel'));
    const runId = await h.startRun(graphId, { input: 'Draft a line.' });
    await h.waitForStatus(runId, ['paused']);
    mock.reset();
    const res = await h.call('POST', `/api/runs/${runId}/cancel`);
    expect(res.status).toBeLessThan(300);
    await h.waitForStatus(runId, ['cancelled']);
    const { spans } = await arrived;
    const workflows = spans.filter((s) => s.name.startsWith('invoke_workflow'));
    expect(workflows).toHaveLength(1);
    const [root] = workflows;
    expect(root.parentSpanId ?? '').toBe('');
    expect(attrs(root)).toMatchObject({ 'switchyard.run.id': runId, 'switchyard.run.status': 'cancelled' });
    // No stray span for the run-level cancel event; every other span hangs in the run's tree.
    expect(spans.filter((s) => s.name.startsWith('run.'))).toEqual([]);
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    for (const s of spans) if (s !== root) expect(s.parentSpanId).toBeTruthy();
    const human = spans.find((s) => s.name === 'human approve')!;
    expect(human.parentSpanId).toBe(root.spanId);
  });

  it('node spans carry their summed cost (switchyard.cost_usd) and the run span the total', async () => {
    // $1000 / $2000 per 1M tokens: a's calls 20+8 and 30+4 tokens = $0.036 + $0.038; b's 100+10 = $0.12.
    const conn = await h.call('POST', '/api/connections', { name: 'priced', base_url: mock.url, prices: { 'mock-model': { input: 1000, output: 2000 } } });
    expect(conn.status).toBe(201);
    mock.script([{ name: 'b', match: (req) => req.messages.some((m) => m.role === 'system' && String(m.content).includes('You are B.')), reply: { content: 'B here.', usage: { prompt_tokens: 100, completion_tokens: 10 } } }], 'prepend');
    const arrived = otlp.next();
    const graphId = await h.createGraph({
      ...graph('otel-cost'),
      models: { default: { connection: 'priced', model: 'mock-model' } },
      nodes: { a: { role: 'agent', strategy: 'tool_calling', tools: ['calc'] }, b: { role: 'agent', strategy: 'tool_calling', system_prompt: 'You are B.' } },
      edges: [
        { from: 'START', to: 'a' },
        { from: 'a', to: 'b' },
        { from: 'b', to: 'END' },
      ],
    });
    const runId = await h.startRun(graphId, { input: 'What is six times seven?' });
    await h.waitForStatus(runId, ['succeeded']);
    mock.reset();
    const { spans } = await arrived;
    const cost = (name: string) => attrs(spans.find((s) => s.name === name)!)['switchyard.cost_usd'];
    expect(spans.filter((s) => s.name === 'chat mock-model').map((c) => attrs(c)['switchyard.cost_usd']).sort()).toEqual([0.036, 0.038, 0.12]);
    expect(cost('invoke_agent a')).toBe(0.074);
    expect(cost('invoke_agent b')).toBe(0.12);
    expect(cost('invoke_workflow otel-cost')).toBe(0.194);
    expect(attrs(spans.find((s) => s.name === 'execute_tool calc')!)['switchyard.cost_usd']).toBeUndefined();
  });
});
