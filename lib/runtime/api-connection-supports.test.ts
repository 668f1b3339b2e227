/**
 * Through HTTP, full runs on saved connections that fit real servers (issue 9 item 6): a keyless
 * connection runs; a server that refuses `stop` still completes a ReAct run (first without being
 * told, then with supports.stop false); a server without tools runs a tool_calling agent through the
 * text protocol, and the trace says so; the Test detects what the server accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import { startHarness, type Harness } from './testing/harness';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

// The mock model listens on 127.0.0.1: allowed as an operator allows a local server.
allowLoopbackModels();

let h: Harness;
let mock: MockOpenAI;

const graphOn = (name: string, connection: string, node: Record<string, unknown>): GraphDocument =>
  ({
    switchyard: 1,
    name,
    models: { default: { connection, model: 'mock-model' } },
    tools: { calculator: { type: 'calculator', description: 'Arithmetic.' } },
    nodes: { agent: { role: 'agent', tools: ['calculator'], ...node } },
    edges: [
      { from: 'START', to: 'agent' },
      { from: 'agent', to: 'END' },
    ],
  }) as GraphDocument;

const lastText = (req: MockChatRequest) => {
  const c = req.messages.at(-1)?.content;
  return typeof c === 'string' ? c : '';
};

beforeAll(async () => {
  mock = await startMockOpenAI();
  h = await startHarness({ OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
});

async function run(graph: GraphDocument, input: string) {
  const id = await h.createGraph(graph);
  const runId = await h.startRun(id, { input });
  return h.waitForStatus(runId, ['succeeded', 'failed', 'paused']);
}

const save = async (body: Record<string, unknown>) => {
  const r = await h.call('POST', '/api/connections', body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};

describe('connections that fit real servers', () => {
  it('a keyless saved connection runs (no Authorization problem, no "Missing credentials")', async () => {
    mock.reset();
    mock.script([{ reply: { content: 'Hi from a keyless server.' } }]);
    const view = await save({ name: 'keyless', base_url: mock.url });
    expect(view).toMatchObject({ api_key_hint: null, supports: { tools: true, stop: true, stream_usage: true } });
    const r = await run(graphOn('keyless-agent', 'keyless', { strategy: 'tool_calling' }), 'hello');
    expect(r.run).toMatchObject({ status: 'succeeded', output: 'Hi from a keyless server.' });
  });

  it('a server that refuses stop still completes a ReAct run: retried without it, or never sent with supports.stop false', async () => {
    mock.reset();
    mock.refuse({ stop: true });
    const react = (req: MockChatRequest) =>
      lastText(req).includes('Observation: 42')
        ? { content: 'Thought: I know it.\nFinal Answer: 42' }
        : { content: 'Thought: compute\nAction: calculator\nAction Input: 6*7\nObservation: 41 (made up by the model)\nThought: more', chunkSize: 5 };
    mock.script([{ reply: react }]);
    await save({ name: 'nostop', base_url: mock.url });
    const first = await run(graphOn('react-nostop', 'nostop', { strategy: 'react' }), 'What is 6*7?');
    expect(first.run).toMatchObject({ status: 'succeeded', output: '42' });
    const reqs = mock.chatRequests() as unknown as Record<string, unknown>[];
    expect(reqs[0].stop).toBeDefined(); // refused once, then asked without it
    expect(reqs.slice(1).every((r) => r.stop === undefined)).toBe(true);

    mock.reset();
    mock.script([{ reply: react }]);
    await save({ name: 'nostop2', base_url: mock.url, supports: { stop: false } });
    const second = await run(graphOn('react-nostop2', 'nostop2', { strategy: 'react' }), 'What is 6*7?');
    expect(second.run).toMatchObject({ status: 'succeeded', output: '42' });
    expect((mock.chatRequests() as unknown as Record<string, unknown>[]).every((r) => r.stop === undefined)).toBe(true);
    const request = second.events.find((e) => e.type === 'llm.request');
    expect(request?.data).toMatchObject({ adapted: { stop: 'client' } });
    mock.refuse({});
  });

  it('a server without tools runs a tool_calling agent through the text protocol; the trace says so', async () => {
    mock.reset();
    mock.refuse({ tools: true });
    mock.script([
      { name: 'answer', match: (req) => lastText(req).startsWith('Result of tool calculator:\n42'), reply: { content: 'It is 42.' } },
      { name: 'call', reply: { content: '```json\n{"tool": "calculator", "arguments": {"expression": "6*7"}}\n```' } },
    ]);
    await save({ name: 'notools', base_url: mock.url, supports: { tools: false } });
    const r = await run(graphOn('tools-as-text', 'notools', { strategy: 'tool_calling', system_prompt: 'Be brief.' }), 'What is 6*7?');
    expect(r.run).toMatchObject({ status: 'succeeded', output: 'It is 42.' });
    const [first] = mock.chatRequests();
    expect((first as unknown as Record<string, unknown>).tools).toBeUndefined();
    expect(first.messages[0].content).toMatch(/^Be brief\.\n\nYou can use these tools:\n- calculator: Arithmetic\./);
    expect(r.events.find((e) => e.type === 'llm.request')?.data).toMatchObject({ adapted: { tools: 'text' } });
    expect(r.events.find((e) => e.type === 'tool.result')?.data).toMatchObject({ output: '42' });
    mock.refuse({});
  });

  it('the Test detects what the server accepts; saving it is a PUT of supports', async () => {
    mock.reset();
    mock.refuse({ tools: true, stream_options: true });
    mock.script([{ reply: { content: 'OK' } }]);
    await save({ name: 'probe', base_url: mock.url });
    const t = await h.call('POST', '/api/connections/probe/test');
    expect(t.body).toMatchObject({ ok: true, probe_model: 'mock-model', supports: { tools: false, stop: true, stream_usage: false } });
    const put = await h.call('PUT', '/api/connections/probe', { supports: { tools: false, stream_usage: false } });
    expect(put.body.supports).toEqual({ tools: false, stop: true, stream_usage: false });
    mock.refuse({});
  });
});
