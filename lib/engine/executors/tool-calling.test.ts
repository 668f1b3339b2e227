import { describe, expect, it } from 'vitest';
import type { NodeSpec } from '../../graph/schema';
import { runGraph } from '../index';
import type { ChatMessage } from '../ports';
import { fakePorts, fakeTools, scriptedModel, type FakePorts } from '../testing/fake-ports';
import { chain, graph } from '../testing/graphs';

const TOOLS = {
  calc: { type: 'calculator' as const, description: 'Does math.' },
  search: { type: 'web_search' as const, provider: 'serper' as const },
};

function tools() {
  return fakeTools({
    calc: (a) => {
      if (a.expression === 'boom') throw new Error('division by zero');
      return a.expression === '6*7' ? '42' : '0';
    },
    search: (a) => `results for ${String(a.query)}`,
  });
}

async function runAgent(node: Partial<Extract<NodeSpec, { role: 'agent' }>>, replies: Parameters<typeof scriptedModel>[0], extra: { state?: Record<string, { type: 'string' }> } = {}) {
  const p: FakePorts = fakePorts({ model: scriptedModel(replies), tools: tools() });
  const doc = graph({ a: { role: 'agent', strategy: 'tool_calling', tools: ['calc', 'search'], system_prompt: 'Be brief.', ...node } }, chain('a'), { tools: TOOLS, ...extra });
  const out = await runGraph({ runId: 'r', doc, input: 'What is 6*7?', ports: p });
  return { p, out };
}

describe('tool_calling agent (seed 002)', () => {
  it('exit "text": calls tools until the model answers in text, feeding results back', async () => {
    const { p, out } = await runAgent({ output: 'answer' }, [
      { content: null, tool_calls: [{ id: 'c1', name: 'calc', arguments: { expression: '6*7' } }] },
      'It is 42.',
    ], { state: { answer: { type: 'string' } } });
    expect(out).toMatchObject({ status: 'succeeded', output: 'It is 42.', state: { answer: 'It is 42.' } });
    const second = p.model.requests[1];
    expect(second.messages).toEqual<ChatMessage[]>([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is 6*7?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'calc', arguments: '{"expression":"6*7"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '42' },
    ]);
    expect(p.model.requests[0].tools?.map((t) => t.function.name)).toEqual(['calc', 'search']);
    expect(p.of('tool.call')[0].data).toMatchObject({ tool: 'calc', type: 'calculator', args: { expression: '6*7' } });
    expect(p.of('tool.result')[0].data).toMatchObject({ tool: 'calc', output: '42' });
    // Only the final answer joins the conversation in state.
    expect(out.status === 'succeeded' && out.state.messages).toEqual([
      { role: 'user', content: 'What is 6*7?' },
      { role: 'assistant', name: 'a', content: 'It is 42.' },
    ]);
  });

  it('exit { tool }: returns right after that tool ran, with its result as the output', async () => {
    const { p, out } = await runAgent({ exit: { tool: 'search' } }, [
      { tool_calls: [{ name: 'calc', arguments: { expression: '6*7' } }] },
      { tool_calls: [{ name: 'search', arguments: { query: 'rails' } }] },
      'never used',
    ]);
    expect(out).toMatchObject({ status: 'succeeded', output: 'results for rails' });
    expect(p.model.remaining()).toBe(1);
  });

  it('exit { when }: stops once the CEL condition over the turn is true', async () => {
    const { p, out } = await runAgent({ exit: { when: 'output.contains("42") && size(messages) > 3' } }, [
      { content: 'trying', tool_calls: [{ name: 'search', arguments: { query: 'x' } }] },
      { content: 'got it', tool_calls: [{ name: 'calc', arguments: { expression: '6*7' } }] },
      'never used',
    ]);
    expect(out).toMatchObject({ status: 'succeeded', output: 'got it' });
    expect(p.model.remaining()).toBe(1);
  });

  it('feeds tool errors, unknown tools and malformed argument JSON back as tool messages', async () => {
    const { p, out } = await runAgent({}, [
      {
        tool_calls: [
          { id: 'a', name: 'calc', arguments: { expression: 'boom' } },
          { id: 'b', name: 'teleport', arguments: {} },
          { id: 'c', name: 'search', arguments: '{"query": "unterminated' },
          { id: 'd', name: 'search', arguments: '[1,2]' },
        ],
      },
      'Sorry, the tools failed.',
    ]);
    expect(out).toMatchObject({ status: 'succeeded', output: 'Sorry, the tools failed.' });
    const toolMsgs = p.model.requests[1].messages.filter((m) => m.role === 'tool');
    expect(toolMsgs.map((m) => m.content)).toEqual([
      'Error: division by zero',
      'Error: unknown tool "teleport"; the available tools are: calc, search',
      expect.stringMatching(/^Error: the arguments for "search" are not valid JSON \(.+\); send a JSON object/),
      'Error: the arguments for "search" must be a JSON object, got [1,2]',
    ]);
    expect(p.of('tool.result').map((e) => e.data.error)).toEqual([
      'division by zero',
      expect.stringContaining('unknown tool'),
      expect.stringContaining('not valid JSON'),
      expect.stringContaining('must be a JSON object'),
    ]);
    expect(p.tools.calls.map((c) => c.name)).toEqual(['calc']);
  });

  it('fails with max_steps when the model keeps calling tools', async () => {
    const { out } = await runAgent({ max_steps: 2 }, Array(2).fill({ tool_calls: [{ name: 'search', arguments: { query: 'x' } }] }));
    expect(out).toMatchObject({ status: 'failed', error: { code: 'max_steps' } });
    if (out.status === 'failed') expect(out.error.message).toMatch(/Node "a" reached max_steps \(2\)/);
  });

  it('runs another agent node offered as an `agent` tool with { input }, as a child span', async () => {
    const p = fakePorts({ model: scriptedModel([{ tool_calls: [{ name: 'expert', arguments: { input: 'explain rails' } }] }, 'Rails are tracks.', 'Summary: tracks.']), tools: tools() });
    const doc = graph(
      { main: { role: 'agent', tools: ['expert'] }, helper: { role: 'agent', description: 'Knows trains.', system_prompt: 'You know trains.' } },
      chain('main'),
      { tools: { expert: { type: 'agent', node: 'helper' } } },
    );
    const out = await runGraph({ runId: 'r', doc, input: 'q', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'Summary: tracks.' });
    expect(p.model.requests[0].tools?.[0].function).toMatchObject({ name: 'expert', description: 'Knows trains.', parameters: { required: ['input'] } });
    expect(p.model.requests[1].messages).toEqual([{ role: 'system', content: 'You know trains.' }, { role: 'user', content: 'explain rails' }]);
    const call = p.of('tool.call')[0];
    const child = p.of('node.started').find((e) => e.node === 'helper')!;
    expect(child.parent_span_id).toBe(call.span_id);
    expect(p.of('tool.result')[0].data.output).toBe('Rails are tracks.');
  });
});

describe('OPEA args_schema shorthand (seed 003)', () => {
  it('reaches the model as JSON Schema with every argument required', async () => {
    const doc = graph({ a: { role: 'agent', strategy: 'tool_calling', tools: ['find'] } }, chain('a'), {
      tools: { find: { type: 'http', url: 'https://api.example.org/find', args_schema: { query: { type: 'str', description: 'What to find.' }, limit: { type: 'int' } } } },
    });
    const p = fakePorts({ model: scriptedModel(['nothing to find']), tools: fakeTools({}) });
    await runGraph({ runId: 'r', doc, input: 'x', ports: p });
    expect(p.model.requests[0].tools?.[0].function.parameters).toEqual({
      type: 'object',
      properties: { query: { type: 'string', description: 'What to find.' }, limit: { type: 'integer' } },
      required: ['query', 'limit'],
    });
  });
});
