import { describe, expect, it } from 'vitest';
import type { Checkpoint, ResumeValue } from '../contracts/trace';
import type { GraphDocument } from '../graph/schema';
import { runGraph } from './index';
import { fakePorts, fakeTools, scriptedModel, type FakePorts, type Reply } from './testing/fake-ports';
import { agent, chain, graph } from './testing/graphs';

const TOOLS = { ask_human: { type: 'human' as const, description: 'Ask the user' }, calc: { type: 'calculator' as const } };

/** A fresh runGraph from the saved checkpoint and the call journal only (as after a restart): nothing else carries over. */
async function resume(doc: GraphDocument, before: FakePorts, value: ResumeValue, replies: Reply[], graphs?: Record<string, GraphDocument>) {
  const cp: Checkpoint = before.lastCheckpoint();
  const model = scriptedModel(replies);
  const p = fakePorts({ model, graphs, tools: fakeTools({ calc: () => '42' }), journal: before.journal });
  const out = await runGraph({ runId: 'r', doc, input: '', from: JSON.parse(JSON.stringify(cp)), resume: value, ports: p });
  return { p, out, model };
}

describe('human tool: the agent asks, the run pauses, the answer is the tool result', () => {
  it('tool_calling: pauses with the question; resume does not call the model that asked again', async () => {
    const doc = graph({ a: agent({ strategy: 'tool_calling', tools: ['calc', 'ask_human'] }) }, chain('a'), { tools: TOOLS });
    const model = scriptedModel([
      { tool_calls: [{ id: 'c1', name: 'calc', arguments: { expression: '6*7' } }] },
      { tool_calls: [{ id: 'c2', name: 'ask_human', arguments: { question: 'Which city?' } }] },
    ]);
    const tools = fakeTools({ calc: () => '42' });
    const p = fakePorts({ model, tools });
    const out = await runGraph({ runId: 'r', doc, input: 'Plan my trip', ports: p });
    expect(out).toEqual({
      status: 'paused',
      interrupt: { kind: 'tool', node: 'a', prompt: 'Which city?', tool_calls: [{ id: 'c2', name: 'ask_human', arguments: '{"question":"Which city?"}' }], answered_by: 'human' },
    });
    expect(tools.calls).toHaveLength(1);

    const r = await resume(doc, p, { action: 'answer', value: 'Paris' }, ['Paris it is, 42 days.']);
    expect(r.out).toMatchObject({ status: 'succeeded', output: 'Paris it is, 42 days.' });
    // One model call on resume (the two that came before are replayed from the checkpoint), no tool re-run.
    expect(r.model.requests).toHaveLength(1);
    expect(r.model.requests[0].messages.slice(-2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'c2', type: 'function', function: { name: 'ask_human', arguments: '{"question":"Which city?"}' } }] },
      { role: 'tool', tool_call_id: 'c2', content: 'Paris' },
    ]);
    expect(r.p.of('llm.response').filter((e) => e.data.replayed)).toHaveLength(2);
    expect(r.p.of('tool.result').map((e) => [e.data.tool, e.data.output])).toEqual([['calc', '42'], ['ask_human', 'Paris']]);
  });

  it('asks twice: the first answer is replayed, the second resume answers the second question', async () => {
    const doc = graph({ a: agent({ strategy: 'tool_calling', tools: ['ask_human'] }) }, chain('a'), { tools: TOOLS });
    const p = fakePorts({ model: scriptedModel([{ tool_calls: [{ id: 'q1', name: 'ask_human', arguments: { question: 'Name?' } }] }]) });
    await runGraph({ runId: 'r', doc, input: 'hi', ports: p });
    const second = await resume(doc, p, { action: 'answer', value: 'Ada' }, [{ tool_calls: [{ id: 'q2', name: 'ask_human', arguments: { question: 'Age?' } }] }]);
    expect(second.out).toMatchObject({ status: 'paused', interrupt: { prompt: 'Age?', tool_calls: [{ id: 'q2' }] } });
    const third = await resume(doc, second.p, { action: 'answer', value: '36' }, ['Ada, 36']);
    expect(third.out).toMatchObject({ status: 'succeeded', output: 'Ada, 36' });
    expect(third.model.requests).toHaveLength(1);
    expect(third.model.requests[0].messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['Ada', '36']);
  });

  it('react: the Action pauses; the answer becomes the Observation', async () => {
    const doc = graph({ a: agent({ strategy: 'react', tools: ['ask_human'] }) }, chain('a'), { tools: TOOLS });
    const p = fakePorts({ model: scriptedModel(['I should ask.\nAction: ask_human\nAction Input: Favourite colour?']) });
    const out = await runGraph({ runId: 'r', doc, input: 'Pick a paint', ports: p });
    expect(out).toMatchObject({ status: 'paused', interrupt: { kind: 'tool', prompt: 'Favourite colour?', answered_by: 'human' } });
    const r = await resume(doc, p, { action: 'answer', value: 'green' }, ['Final Answer: green paint']);
    expect(r.out).toMatchObject({ status: 'succeeded', output: 'green paint' });
    expect(r.model.requests).toHaveLength(1);
    expect(String(r.model.requests[0].messages.at(-1)!.content)).toContain('Observation: green');
  });

  it('a resume with another action is refused before anything runs', async () => {
    const doc = graph({ a: agent({ strategy: 'tool_calling', tools: ['ask_human'] }) }, chain('a'), { tools: TOOLS });
    const p = fakePorts({ model: scriptedModel([{ tool_calls: [{ id: 'q1', name: 'ask_human', arguments: { question: 'Name?' } }] }]) });
    await runGraph({ runId: 'r', doc, input: 'hi', ports: p });
    await expect(resume(doc, p, { action: 'approve' }, [])).rejects.toThrow(/resume with action "answer"/);
  });
});

describe('client tools: calls of one reply pause together after the server tools ran', () => {
  it('pauses with both client calls; tool_outputs resume', async () => {
    const tools = { calc: { type: 'calculator' as const }, weather: { type: 'client' as const, parameters: { type: 'object', properties: { city: { type: 'string' } } } } };
    const doc = graph({ a: agent({ strategy: 'tool_calling', tools: ['calc', 'weather'] }) }, chain('a'), { tools });
    const p = fakePorts({
      model: scriptedModel([{ tool_calls: [{ id: 'w1', name: 'weather', arguments: { city: 'Oslo' } }, { id: 'k', name: 'calc', arguments: { expression: '1+1' } }, { id: 'w2', name: 'weather', arguments: { city: 'Rome' } }] }]),
      tools: fakeTools({ calc: () => '2' }),
    });
    const out = await runGraph({ runId: 'r', doc, input: 'weather?', ports: p });
    expect(out).toMatchObject({ status: 'paused', interrupt: { kind: 'tool', answered_by: 'client', tool_calls: [{ id: 'w1', name: 'weather' }, { id: 'w2', name: 'weather' }] } });
    const r = await resume(doc, p, { action: 'answer', tool_outputs: [{ tool_call_id: 'w2', output: 'sunny' }, { tool_call_id: 'w1', output: 'snow' }] }, ['Oslo snow, Rome sunny']);
    expect(r.out).toMatchObject({ status: 'succeeded', output: 'Oslo snow, Rome sunny' });
    expect(r.model.requests[0].messages.filter((m) => m.role === 'tool')).toEqual([
      { role: 'tool', tool_call_id: 'w1', content: 'snow' },
      { role: 'tool', tool_call_id: 'k', content: '2' },
      { role: 'tool', tool_call_id: 'w2', content: 'sunny' },
    ]);
  });
});

describe('a human node inside a subgraph pauses the parent run and resumes into the subgraph', () => {
  it('pauses as "<node>/<inner>", resumes the inner graph where it stopped', async () => {
    const inner = graph({ draft: agent(), check: { role: 'human', prompt: 'OK?' }, polish: agent() }, chain('draft', 'check', 'polish'), { name: 'inner' });
    const doc = graph({ sub: { role: 'subgraph', graph: 'inner' }, after: agent() }, chain('sub', 'after'));
    const p = fakePorts({ model: scriptedModel(['draft 1']), graphs: { inner } });
    const out = await runGraph({ runId: 'r', doc, input: 'go', ports: p });
    expect(out).toMatchObject({ status: 'paused', interrupt: { kind: 'human', node: 'sub/check', prompt: 'OK?', value: 'draft 1' } });
    const r = await resume(doc, p, { action: 'approve' }, ['polished', 'done'], { inner });
    expect(r.out).toMatchObject({ status: 'succeeded', output: 'done' });
    // Only polish and after call the model: draft is not run again.
    expect(r.model.requests).toHaveLength(2);
    expect(r.p.of('node.finished').map((e) => e.node)).toEqual(['sub/check', 'sub/polish', 'sub', 'after']);
  });
});
