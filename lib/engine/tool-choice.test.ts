/**
 * RunOptions.toolChoice (an API caller's `tool_choice`): sent with the named node's first model call
 * of the run (and traced on its llm.request), never with its later calls, another node's calls, or
 * the node's next visit in a loop.
 */
import { describe, expect, it } from 'vitest';
import { runGraph } from './index';
import { fakePorts, fakeTools, scriptedModel } from './testing/fake-ports';
import { agent, graph } from './testing/graphs';

const tools = { calc: { type: 'calculator' as const, description: 'Does math.' } };

/** START -> a -> b -> (a again while b said "again") -> END; both tool-calling agents with calc. */
function loopDoc() {
  const node = agent({ strategy: 'tool_calling', tools: ['calc'], system_prompt: 'Be brief.' });
  return graph(
    { a: node, b: { ...node, output: 'verdict' } },
    [
      { from: 'START', to: 'a' },
      { from: 'a', to: 'b' },
      { from: 'b', branches: [{ when: 'state.verdict == "again"', to: 'a' }, { else: 'END' }] },
    ],
    { tools, state: { verdict: { type: 'string' } } },
  );
}

describe('toolChoice', () => {
  it('goes with the entry node’s first model call only', async () => {
    const model = scriptedModel([
      { tool_calls: [{ id: 'c1', name: 'calc', arguments: { expression: '6*7' } }] }, // a, call 1
      'It is 42.', // a, call 2
      'again', // b
      'Still 42.', // a, second visit
      'done', // b
    ]);
    const p = fakePorts({ model, tools: fakeTools({ calc: () => '42' }) });
    const out = await runGraph({ runId: 'r', doc: loopDoc(), input: 'What is 6*7?', toolChoice: { node: 'a', choice: 'required' }, ports: p });
    expect(out.status).toBe('succeeded');
    expect(model.requests.map((r) => [r.node, r.tool_choice])).toEqual([
      ['a', 'required'],
      ['a', undefined],
      ['b', undefined],
      ['a', undefined],
      ['b', undefined],
    ]);
    expect(p.of('llm.request').map((e) => e.data.tool_choice)).toEqual(['required', undefined, undefined, undefined, undefined]);
  });

  it('a named function is passed as given; without toolChoice none is sent', async () => {
    const named = { type: 'function' as const, function: { name: 'calc' } };
    const model = scriptedModel(['x', 'done']);
    await runGraph({ runId: 'r', doc: loopDoc(), input: 'hi', toolChoice: { node: 'a', choice: named }, ports: fakePorts({ model, tools: fakeTools({}) }) });
    expect(model.requests[0].tool_choice).toEqual(named);

    const plain = scriptedModel(['x', 'done']);
    await runGraph({ runId: 'r2', doc: loopDoc(), input: 'hi', ports: fakePorts({ model: plain, tools: fakeTools({}) }) });
    expect(plain.requests.map((r) => r.tool_choice)).toEqual([undefined, undefined]);
  });
});
