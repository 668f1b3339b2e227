import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../../graph/schema';
import { runGraph } from '../index';
import { fakePorts, fakeTools, scriptedModel } from '../testing/fake-ports';
import { agent, chain, graph } from '../testing/graphs';
import { parseChoice } from './router';

function routerGraph(): GraphDocument {
  return graph(
    { triage: { role: 'router', mode: 'llm', output: 'route' }, billing: agent({ system_prompt: 'Billing.' }), tech: agent({ system_prompt: 'Tech.' }) },
    [
      { from: 'START', to: 'triage' },
      { from: 'triage', branches: [{ when: 'false', to: 'billing', label: 'money' }, { else: 'tech' }] },
      { from: 'billing', to: 'END' },
      { from: 'tech', to: 'END' },
    ],
    { state: { route: { type: 'json' } } },
  );
}

describe('router', () => {
  it('llm mode: the model picks a branch label and the scheduler takes that branch, recording the reason', async () => {
    const p = fakePorts({ model: scriptedModel(['Label: money\nReason: the user asks about an invoice', 'Refund issued.']) });
    const out = await runGraph({ runId: 'r', doc: routerGraph(), input: 'Where is my invoice?', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'Refund issued.', state: { route: { label: 'money', reason: 'the user asks about an invoice' } } });
    expect(p.model.requests[0].messages[1].content).toMatch(/Choose exactly one of these labels: money, tech\./);
    expect(p.model.requests[0].messages[1].content).toMatch(/Where is my invoice\?$/);
    expect(p.of('edge.taken').find((e) => e.data.from === 'triage')!.data).toEqual({
      from: 'triage', to: 'billing', branch_index: 0, label: 'money', reason: 'the user asks about an invoice',
    });
  });

  it('llm mode: retries once on a label that was not offered, then fails clearly', async () => {
    const retry = fakePorts({ model: scriptedModel(['Label: sales\nReason: ?', 'Label: Tech.\nReason: a crash', 'Fixed.']) });
    expect(await runGraph({ runId: 'r', doc: routerGraph(), input: 'It crashes', ports: retry })).toMatchObject({ status: 'succeeded', output: 'Fixed.' });
    expect(retry.model.requests[1].messages.at(-1)!.content).toMatch(/"sales" is not one of the labels/);

    const fail = fakePorts({ model: scriptedModel(['Label: sales', 'Label: marketing']) });
    const out = await runGraph({ runId: 'r', doc: routerGraph(), input: 'x', ports: fail });
    expect(out).toMatchObject({ status: 'failed', error: { code: 'router_invalid_label' } });
    if (out.status === 'failed') expect(out.error.message).toMatch(/"sales" and then "marketing".*\(money, tech\)/);
  });

  it('cel mode: a no-op whose conditional edge decides', async () => {
    const doc = graph({ r: { role: 'router' }, big: agent(), small: agent() }, [
      { from: 'START', to: 'r' },
      { from: 'r', branches: [{ when: 'size(state.input) > 5', to: 'big' }, { else: 'small' }] },
      { from: 'big', to: 'END' },
      { from: 'small', to: 'END' },
    ]);
    const p = fakePorts({ model: scriptedModel(['handled big']) });
    expect(await runGraph({ runId: 'r', doc, input: 'a long input', ports: p })).toMatchObject({ status: 'succeeded', output: 'handled big' });
    expect(p.of('node.finished')[0].data).toMatchObject({ output: null });
  });

  it('parses label lines leniently', () => {
    expect(parseChoice('**Label:** `tech`\nReason: crash', ['money', 'tech'])).toMatchObject({ label: 'tech', reason: 'crash' });
    expect(parseChoice('money', ['money', 'tech'])).toMatchObject({ label: 'money' });
  });
});

describe('tool node', () => {
  it('makes one call with CEL arguments over state and writes the result', async () => {
    const doc = graph({ calc: { role: 'tool', tool: 'c', args: { expression: 'string(state.n) + "*7"' }, output: 'result' } }, chain('calc'), {
      tools: { c: { type: 'calculator' } },
      state: { n: { type: 'number' }, result: { type: 'string' } },
      output: 'result',
    });
    const p = fakePorts({ tools: fakeTools({ c: (a) => (a.expression === '6*7' ? '42' : 'bad') }) });
    const out = await runGraph({ runId: 'r', doc, input: '', inputs: { n: 6 }, ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: '42', state: { result: '42' } });
    const failing = fakePorts({ tools: fakeTools({ c: () => { throw new Error('overflow'); } }) });
    const bad = await runGraph({ runId: 'r', doc, input: '', inputs: { n: 6 }, ports: failing });
    expect(bad).toMatchObject({ status: 'failed', error: { code: 'tool_error', message: 'Tool node "calc": tool "c" failed: overflow' } });
  });
});

describe('subgraph', () => {
  const inner = (): GraphDocument => ({ ...graph({ summarize: agent({ system_prompt: 'Summarize.', output: 'summary' }) }, chain('summarize'), { state: { summary: { type: 'string' } } }), name: 'summarizer' });

  it('runs another saved graph nested under the subgraph node span, its output to the output channel', async () => {
    const outer = graph({ write: agent(), sum: { role: 'subgraph', graph: 'summarizer', output: 'short' } }, chain('write', 'sum'), { state: { short: { type: 'string' } }, output: 'short' });
    const p = fakePorts({ model: scriptedModel(['a long text about rails', 'rails.']), graphs: { summarizer: inner() } });
    const out = await runGraph({ runId: 'r', doc: outer, input: 'write', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'rails.', state: { short: 'rails.' } });
    expect(p.model.requests[1].messages).toEqual([{ role: 'system', content: 'Summarize.' }, { role: 'user', content: 'a long text about rails' }]);
    const subSpan = p.of('node.started').find((e) => e.node === 'sum')!.span_id;
    const innerStart = p.of('node.started').find((e) => e.node === 'sum/summarize')!;
    expect(innerStart.parent_span_id).toBe(subSpan);
    expect(p.of('edge.taken').map((e) => `${e.data.from}->${e.data.to}`)).toContain('sum/START->sum/summarize');
    // The subgraph never writes checkpoints of its own or run-level events.
    expect(p.checkpoints.map((c) => c.step)).toEqual([0, 1, 2]);
    expect(p.of('run.finished')).toHaveLength(1);
  });

  it('fails clearly on an unknown graph and on subgraphs nested too deep', async () => {
    const outer = graph({ sub: { role: 'subgraph', graph: 'missing' } }, chain('sub'));
    expect(await runGraph({ runId: 'r', doc: outer, input: 'x', ports: fakePorts() })).toMatchObject({
      status: 'failed', error: { code: 'subgraph_not_found', message: expect.stringContaining('could not load graph "missing"') },
    });
    const selfish = { ...graph({ again: { role: 'subgraph', graph: 'loop' } }, chain('again')), name: 'loop' };
    const out = await runGraph({ runId: 'r', doc: selfish, input: 'x', ports: fakePorts({ graphs: { loop: selfish } }) });
    expect(out).toMatchObject({ status: 'failed', error: { code: 'subgraph_depth' } });
  });

  it('a human pause inside a subgraph pauses the run (one run.interrupted, named "<node>/<inner>")', async () => {
    const gated = { ...graph({ ask: { role: 'human', prompt: 'ok?' } }, chain('ask')), name: 'gated' };
    const p = fakePorts({ graphs: { gated } });
    const out = await runGraph({ runId: 'r', doc: graph({ sub: { role: 'subgraph', graph: 'gated' } }, chain('sub')), input: 'x', ports: p });
    expect(out).toMatchObject({ status: 'paused', interrupt: { kind: 'human', node: 'sub/ask' } });
    expect(p.of('run.interrupted')).toHaveLength(1);
  });
});
