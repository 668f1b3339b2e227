/**
 * Issue 26 parts 4 and 5 through the real engine, the real model port (openai client over HTTP to
 * the mock model server) and the real tool port: an agent calling a sandboxed code tool, and a map
 * node running a saved graph over 20 items with max_concurrency 4, the concurrency measured by the
 * mock (requests in flight), with on_error fail and collect.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEventInput } from '../contracts/trace';
import { runGraph, type RunOutcome } from '../engine';
import type { GraphDocument } from '../graph/schema';
import { parseGraphYaml } from '../graph/yaml';
import { createModelPort } from '../llm/chat';
import { allowLoopbackModels } from '../llm/testing/allow-loopback';
import { lastUserText, toolResults } from '../llm/testing/conversation';
import { startMockOpenAI, type MockOpenAI } from '../llm/testing/mock-openai-server';
import { createToolPort } from '../tools';
import { closeSandboxPools } from '../tools/code/pool';

allowLoopbackModels();

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI();
});
afterAll(async () => {
  await mock.close();
  await closeSandboxPools();
});
beforeEach(() => mock.reset());

function yamlDoc(text: string): GraphDocument {
  const parsed = parseGraphYaml(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.doc;
}

async function run(doc: GraphDocument, input: string, graphs: Record<string, GraphDocument> = {}, inputs?: Record<string, unknown>) {
  const events: TraceEventInput[] = [];
  const outcome: RunOutcome = await runGraph({
    runId: randomUUID(),
    doc,
    input,
    ...(inputs ? { inputs } : {}),
    ports: {
      model: createModelPort({ resolveConnection: async () => ({ name: 'default', base_url: mock.url, api_key: 'sk-test' }) }),
      tools: createToolPort(),
      graphs: { load: async (n) => (Object.hasOwn(graphs, n) ? graphs[n] : Promise.reject(new Error(`no graph ${n}`))) },
      clock: { now: () => Date.now() },
      emit: (e) => void events.push(e),
      checkpoint: () => {},
      signal: new AbortController().signal,
      newId: () => randomUUID(),
    },
  });
  return { outcome, events };
}

describe('the code tool in a run', () => {
  const doc = (language: 'python' | 'javascript', code: string) =>
    yamlDoc(`switchyard: 1
name: code-run
models:
  default: { connection: default, model: mock-model }
tools:
  adder:
    type: code
    language: ${language}
    description: Adds numbers.
    parameters: { type: object, properties: { numbers: { type: array, items: { type: number } } }, required: [numbers] }
    code: |
${code.split('\n').map((l) => `      ${l}`).join('\n')}
nodes:
  calc: { role: agent, tools: [adder] }
edges:
  - { from: START, to: calc }
  - { from: calc, to: END }
`);

  // JavaScript: QuickJS boots in a second; Python (Pyodide, seconds to boot) is run through the same path in lib/tools/code/sandbox.test.ts.
  for (const [language, code] of [
    ['javascript', 'console.log("adding", args.numbers.length)\nargs.numbers.reduce((a, b) => a + b, 0)'],
  ] as const) {
    it(`the mock model calls a ${language} code tool; its JSON result and stdout reach the model and the trace`, async () => {
      mock.script([
        { name: 'call', match: { turn: 1 }, reply: { tool_calls: [{ name: 'adder', arguments: { numbers: [1, 2, 3, 39] } }] } },
        { name: 'answer', match: { hasToolResultFor: 'adder' }, reply: (req) => ({ content: `tool said ${toolResults(req)[0].content}` }) },
      ]);
      const { outcome, events } = await run(doc(language, code), 'add them');
      expect(outcome).toMatchObject({ status: 'succeeded', output: 'tool said {"result":45,"stdout":"adding 4\\n"}' });
      const result = events.find((e) => e.type === 'tool.result')!;
      expect(result.data).toMatchObject({ tool: 'adder', output: '{"result":45,"stdout":"adding 4\\n"}' });
      // The definition the model saw carries the tool's parameters.
      expect(mock.chatRequests()[0].tools?.[0]).toMatchObject({ function: { name: 'adder', parameters: { required: ['numbers'] } } });
    }, 60_000);
  }

  it('a sandbox refusal goes back to the model as the tool error', async () => {
    mock.script([
      { name: 'call', match: { turn: 1 }, reply: { tool_calls: [{ name: 'adder', arguments: { numbers: [1] } }] } },
      { name: 'answer', match: { hasToolResultFor: 'adder' }, reply: (req) => ({ content: toolResults(req)[0].content }) },
    ]);
    const { outcome } = await run(doc('javascript', 'require("child_process")'), 'go');
    expect(outcome).toMatchObject({ status: 'succeeded' });
    expect(outcome.status === 'succeeded' && String(outcome.output)).toMatch(/ReferenceError: .*require/);
  });
});

describe('the map role', () => {
  const inner: GraphDocument = yamlDoc(`switchyard: 1
name: shout
models:
  default: { connection: default, model: mock-model }
nodes:
  loud: { role: agent, system_prompt: Shout it. }
edges:
  - { from: START, to: loud }
  - { from: loud, to: END }
`);
  const outer = (more: string) =>
    yamlDoc(`switchyard: 1
name: fan-out
state:
  words: { type: json }
  shouted: { type: json }
nodes:
  fan: { role: map, graph: shout, items: state.words, output: shouted${more} }
edges:
  - { from: START, to: fan }
  - { from: fan, to: END }
output: shouted
`);
  const shout = { name: 'shout', reply: (req: Parameters<typeof lastUserText>[0]) => (lastUserText(req) === 'bad' ? { error: { status: 400, message: 'no shouting bad words' } } : { content: lastUserText(req).toUpperCase() }) };

  it('runs 20 items at most 4 at a time (the mock counts requests in flight), outputs in order, one child span per item', async () => {
    mock.script([shout]);
    mock.hold();
    const words = Array.from({ length: 20 }, (_, i) => `word ${i}`);
    const running = run(outer(', max_concurrency: 4'), '', { shout: inner }, { words });
    await mock.whenHeld(4);
    expect(mock.concurrency().now).toBe(4);
    mock.release();
    const { outcome, events } = await running;
    expect(outcome).toMatchObject({ status: 'succeeded', output: words.map((w) => w.toUpperCase()) });
    expect(mock.count('shout')).toBe(20);
    expect(mock.concurrency().peak).toBe(4);
    const mapSpan = events.find((e) => e.type === 'node.started' && e.node === 'fan')!.span_id;
    const items = events.filter((e) => e.type === 'node.started' && e.data.role === 'map_item');
    expect(items.map((e) => e.node).sort()).toEqual(words.map((_, i) => `fan[${i}]`).sort());
    for (const item of items) {
      expect(item.parent_span_id).toBe(mapSpan);
      const innerNode = events.find((e) => e.type === 'node.started' && e.node === `${item.node}/loud`)!;
      expect(innerNode.parent_span_id).toBe(item.span_id);
    }
  }, 60_000);

  it('on_error fail (the default): the first failing item fails the node and no later item starts', async () => {
    mock.script([shout]);
    const { outcome, events } = await run(outer(', max_concurrency: 1'), '', { shout: inner }, { words: ['a', 'bad', 'c', 'd'] });
    expect(outcome).toMatchObject({ status: 'failed' });
    expect(outcome.status === 'failed' && outcome.error.message).toMatch(/^Map node "fan", item 1 \(graph "shout"\): .*no shouting bad words/);
    expect(events.filter((e) => e.type === 'node.started' && e.data.role === 'map_item').map((e) => e.node)).toEqual(['fan[0]', 'fan[1]']);
  });

  it('on_error collect: the failed item holds { error } in its place, the others their outputs', async () => {
    mock.script([shout]);
    const { outcome } = await run(outer(', max_concurrency: 2, on_error: collect'), '', { shout: inner }, { words: ['a', 'bad', 'c'] });
    expect(outcome).toMatchObject({ status: 'succeeded', output: ['A', { error: { message: expect.stringMatching(/no shouting bad words/) } }, 'C'] });
  });

  it('fails clearly when items is not a list', async () => {
    const { outcome } = await run(outer(''), '', { shout: inner }, { words: 'not a list' });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'map_items', message: expect.stringMatching(/items \(state.words\) gave string, not a list/) } });
  });
});
