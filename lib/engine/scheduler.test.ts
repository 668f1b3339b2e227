import { describe, expect, it } from 'vitest';
import { runGraph } from './index';
import { applyStateDelta, deltaOf } from '../contracts/state-delta';
import { initialState } from './state';
import { fakePorts, scriptedModel, type FakePorts } from './testing/fake-ports';
import { agent, chain, graph } from './testing/graphs';
import type { GraphDocument } from '../graph/schema';

const run = (doc: GraphDocument, ports: FakePorts, input = 'hi', more: { inputs?: Record<string, unknown> } = {}) =>
  runGraph({ runId: 'r1', doc, input, ports, ...more });

const ran = (p: FakePorts) => p.of('node.started').map((e) => `${e.step}:${e.node}`);

function writerReviewer(): GraphDocument {
  return graph(
    { writer: agent({ system_prompt: 'Write.' }), reviewer: agent({ system_prompt: 'Review.', output: 'verdict' }) },
    [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'reviewer' },
      { from: 'reviewer', branches: [{ when: 'state.verdict == "revise"', to: 'writer' }, { else: 'END' }] },
    ],
    { state: { verdict: { type: 'string' } } },
  );
}

describe('scheduler: supersteps, edges and state', () => {
  it('runs a blank START -> END graph to success at once, and refuses a graph with no edge from START', async () => {
    const p = fakePorts({ model: scriptedModel([]) });
    const out = await run(graph({}, [{ from: 'START', to: 'END' }]), p);
    expect(out).toMatchObject({ status: 'succeeded', output: null });
    expect(p.of('edge.taken').map((e) => e.data)).toEqual([expect.objectContaining({ from: 'START', to: 'END' })]);
    expect(p.model.requests).toHaveLength(0);
    const none = await run(graph({ a: agent() }, [{ from: 'a', to: 'END' }]), fakePorts({ model: scriptedModel([]) }));
    expect(none).toMatchObject({ status: 'failed', error: { code: 'no_entry' } });
  });

  it('runs a writer/reviewer loop that takes its conditional edge twice, then ends', async () => {
    const p = fakePorts({ model: scriptedModel(['draft 1', 'revise', 'draft 2', 'revise', 'draft 3', 'ok']) });
    const out = await run(writerReviewer(), p, 'Write a haiku');
    // The reviewer writes its verdict to `verdict`, so the answer is the writer's approved draft.
    expect(out).toMatchObject({ status: 'succeeded', output: 'draft 3' });
    expect(ran(p)).toEqual(['1:writer', '2:reviewer', '3:writer', '4:reviewer', '5:writer', '6:reviewer']);
    const back = p.of('edge.taken').filter((e) => e.data.from === 'reviewer');
    expect(back.map((e) => e.data)).toEqual([
      { from: 'reviewer', to: 'writer', condition: 'state.verdict == "revise"', value: true, branch_index: 0 },
      { from: 'reviewer', to: 'writer', condition: 'state.verdict == "revise"', value: true, branch_index: 0 },
      { from: 'reviewer', to: 'END', condition: 'else', value: true, branch_index: 1, reason: 'else' },
    ]);
    // Each node sees the conversation so far: the third writer call got every earlier message, its own
    // drafts as assistant turns, the reviewer's as user messages naming it.
    const third = p.model.requests[4].messages;
    expect(third.map((m) => `${m.role}:${m.content}`)).toEqual([
      'system:Write.', 'user:Write a haiku', 'assistant:draft 1', 'user:[reviewer] revise', 'assistant:draft 2', 'user:[reviewer] revise',
    ]);
    expect(third[3]).toMatchObject({ role: 'user', name: 'reviewer' });
    // One checkpoint after START and one per step, each with the next frontier.
    expect(p.checkpoints.map((c) => [c.step, c.next])).toEqual([
      [0, ['writer']], [1, ['reviewer']], [2, ['writer']], [3, ['reviewer']], [4, ['writer']], [5, ['reviewer']], [6, []],
    ]);
    const fin = p.of('run.finished')[0].data;
    expect(fin.usage).toMatchObject({ input_tokens: 60, output_tokens: 30 });
  });

  it('emits state.updated with what changed: appended messages and the new value of a last-value channel', async () => {
    const p = fakePorts({ model: scriptedModel(['draft', 'fine']) });
    const out = await run(writerReviewer(), p, 'go');
    const upd = p.of('state.updated').find((e) => e.node === 'reviewer')!;
    expect(upd.data.changed).toEqual(['messages', 'verdict']);
    expect(upd.data).not.toHaveProperty('before');
    expect(upd.data).not.toHaveProperty('after');
    expect(upd.data.set).toEqual({ verdict: 'fine' });
    expect(upd.data.appended).toEqual({ messages: { from: 2, items: [expect.objectContaining({ role: 'assistant', content: 'fine', name: 'reviewer' })] } });
    // Folding the run's deltas onto its start state gives its final state.
    const folded = p.of('state.updated').reduce((st, e) => applyStateDelta(st, deltaOf(e.data)), initialState(writerReviewer(), 'go'));
    expect(out.status === 'succeeded' && folded).toEqual(out.status === 'succeeded' && out.state);
  });

  it('a state.updated event does not grow with the conversation', async () => {
    const sizes: number[] = [];
    for (const n of [10, 2000]) {
      const history = Array.from({ length: n }, (_, k) => ({ role: 'user', content: `earlier message ${k}` }));
      const p = fakePorts({ model: scriptedModel(['draft', 'fine']) });
      await runGraph({ runId: 'r', doc: writerReviewer(), input: 'go', inputs: { messages: history }, ports: p });
      sizes.push(JSON.stringify(p.of('state.updated').find((e) => e.node === 'reviewer')!.data).length);
    }
    expect(sizes[1]).toBe(sizes[0] + 2);
  });

  it('nests spans: node spans under the run span, llm spans under the node span', async () => {
    const p = fakePorts({ model: scriptedModel(['x']) });
    await run(graph({ a: agent() }, chain('a')), p);
    const runSpan = p.of('run.started')[0].span_id;
    const started = p.of('node.started')[0];
    expect(started.parent_span_id).toBe(runSpan);
    const req = p.of('llm.request')[0];
    expect(req.parent_span_id).toBe(started.span_id);
    expect(req.data).toMatchObject({ 'gen_ai.system': 'openai', 'gen_ai.request.model': 'gpt-test', connection: 'default', temperature: 0 });
    expect(p.of('llm.delta').map((e) => e.data.text).join('')).toBe('x');
    expect(p.of('llm.response')[0].data).toMatchObject({ 'gen_ai.response.model': 'gpt-test-served', content: 'x', finish_reason: 'stop', 'gen_ai.usage.input_tokens': 10 });
    expect(p.of('node.finished')[0].data).toMatchObject({ status: 'succeeded', output: 'x' });
  });

  it('fails with recursion_limit, naming the limit and how to raise it', async () => {
    const p = fakePorts({ model: scriptedModel(Array(20).fill('revise')) });
    const doc = { ...writerReviewer(), limits: { recursion_limit: 5 } };
    const out = await run(doc, p);
    expect(out.status).toBe('failed');
    if (out.status !== 'failed') return;
    expect(out.error.code).toBe('recursion_limit');
    expect(out.error.message).toMatch(/Recursion limit of 5 supersteps/);
    expect(out.error.message).toMatch(/raise limits\.recursion_limit/);
    expect(p.of('node.started')).toHaveLength(5);
    expect(p.of('run.failed')[0].data.error).toEqual(out.error);
  });

  it('fails clearly when no branch matches and there is no else', async () => {
    const doc = graph({ a: agent({ output: 'v' }) }, [
      { from: 'START', to: 'a' },
      { from: 'a', branches: [{ when: 'output == "yes"', to: 'END' }, { when: 'last == "maybe"', to: 'a' }] },
    ]);
    const p = fakePorts({ model: scriptedModel(['no']) });
    const out = await run(doc, p);
    expect(out).toMatchObject({ status: 'failed', error: { code: 'no_branch' } });
    if (out.status === 'failed') expect(out.error.message).toMatch(/Node "a": none of the conditions .* no else branch/);
  });

  it('reports a CEL error in a condition with the node and branch', async () => {
    const doc = graph({ a: agent() }, [{ from: 'START', to: 'a' }, { from: 'a', branches: [{ when: 'state.nope.deeper == 1', to: 'END' }, { else: 'END' }] }]);
    const out = await run(doc, fakePorts({ model: scriptedModel(['x']) }));
    expect(out).toMatchObject({ status: 'failed', error: { code: 'cel_error' } });
    if (out.status === 'failed') expect(out.error.message).toMatch(/Node "a", branch 0/);
  });

  it('fans out to every target and joins once all active branches are done', async () => {
    // START -> a -> (b, c); b -> j; c -> c2 -> j; j -> END: j must wait for the longer branch.
    const doc = graph(
      { a: agent(), b: agent(), c: agent(), c2: agent(), j: agent() },
      [
        { from: 'START', to: 'a' },
        { from: 'a', to: 'b' },
        { from: 'a', to: 'c' },
        { from: 'b', to: 'j' },
        { from: 'c', to: 'c2' },
        { from: 'c2', to: 'j' },
        { from: 'j', to: 'END' },
      ],
    );
    const p = fakePorts({ model: scriptedModel(['A', 'B', 'C', 'C2', 'J']) });
    const out = await run(doc, p);
    expect(out).toMatchObject({ status: 'succeeded', output: 'J' });
    expect(ran(p)).toEqual(['1:a', '2:b', '2:c', '3:c2', '4:j']);
    // Both b and c saw the state at the start of step 2 (only a's answer, as a user message naming a), not each other's.
    expect(p.model.requests[1].messages.map((m) => m.content)).toEqual(['hi', '[a] A']);
    expect(p.model.requests[2].messages.map((m) => m.content)).toEqual(['hi', '[a] A']);
    // j saw everything, applied in node order.
    expect(p.model.requests[4].messages.map((m) => m.content)).toEqual(['hi', '[a] A', '[b] B', '[c] C', '[c2] C2']);
    expect(p.checkpoints.find((c) => c.step === 2)).toMatchObject({ next: ['c2'], extra: { waiting: ['j'] } });
  });

  it('joins parallel branches of equal length in one step', async () => {
    const doc = graph({ x: agent(), y: agent(), j: agent() }, [
      { from: 'START', to: 'x' },
      { from: 'START', to: 'y' },
      { from: 'x', to: 'j' },
      { from: 'y', to: 'j' },
      { from: 'j', to: 'END' },
    ]);
    const p = fakePorts({ model: scriptedModel(['X', 'Y', 'J']) });
    expect(await run(doc, p)).toMatchObject({ status: 'succeeded' });
    expect(ran(p)).toEqual(['1:x', '1:y', '2:j']);
  });

  it('seeds state: input, the first user message, declared defaults and inputs', async () => {
    const doc = graph({ a: agent({ input: 'state.topic + " x" + string(state.n)' }) }, chain('a'), {
      state: { topic: { type: 'string', default: 'rails' }, n: { type: 'number' }, tags: { type: 'list' } },
    });
    const p = fakePorts({ model: scriptedModel(['done']) });
    const out = await run(doc, p, 'hello', { inputs: { n: 3 } });
    expect(out.status).toBe('succeeded');
    if (out.status !== 'succeeded') return;
    expect(out.state).toMatchObject({ input: 'hello', topic: 'rails', n: 3, tags: [] });
    expect(p.model.requests[0].messages.at(-1)).toEqual({ role: 'user', content: 'rails x3' });
  });

  it('fails on inputs for channels the graph does not declare, and on wrongly typed inputs', async () => {
    const doc = graph({ a: agent() }, chain('a'), { state: { n: { type: 'number' } } });
    const bad = await run(doc, fakePorts(), 'x', { inputs: { nope: 1 } });
    expect(bad).toMatchObject({ status: 'failed', error: { code: 'unknown_input' } });
    if (bad.status === 'failed') expect(bad.error.message).toMatch(/inputs\.nope: there is no state channel "nope".*declared channels: n/);
    const typed = await run(doc, fakePorts(), 'x', { inputs: { n: 'three' } });
    expect(typed).toMatchObject({ status: 'failed', error: { code: 'bad_input' } });
  });

  it('applies reducers: list append, json merge, last value', async () => {
    const doc = graph(
      { t1: { role: 'tool', tool: 'echo', args: { v: '"a"' }, output: 'items' }, t2: { role: 'tool', tool: 'echo', args: { v: '"b"' }, output: 'items' } },
      [{ from: 'START', to: 't1' }, { from: 't1', to: 't2' }, { from: 't2', to: 'END' }],
      { tools: { echo: { type: 'http', url: 'http://x' } }, state: { items: { type: 'list', default: ['z'] } }, output: 'items' },
    );
    const { fakeTools } = await import('./testing/fake-ports');
    const p = fakePorts({ tools: fakeTools({ echo: (a) => String(a.v) }) });
    const out = await run(doc, p);
    expect(out).toMatchObject({ status: 'succeeded', state: { items: ['z', 'a', 'b'] }, output: ['z', 'a', 'b'] });
    const { reduce } = await import('./state');
    expect(reduce('merge', { a: 1, b: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
    expect(reduce('replace', 'x', 'y')).toBe('y');
  });

  it('is cancelled through the abort signal mid-run', async () => {
    const ctl = new AbortController();
    const p = fakePorts({
      model: scriptedModel(['first', { hang: true }]),
      signal: ctl.signal,
      onEvent: (e) => {
        if (e.type === 'llm.request' && e.node === 'b') ctl.abort();
      },
    });
    const out = await run(graph({ a: agent(), b: agent(), c: agent() }, chain('a', 'b', 'c')), p);
    expect(out).toEqual({ status: 'cancelled' });
    expect(p.of('run.cancelled')).toHaveLength(1);
    expect(p.of('run.failed')).toHaveLength(0);
    expect(p.of('node.started').map((e) => e.node)).toEqual(['a', 'b']);
    expect(p.of('node.finished').at(-1)!.data).toMatchObject({ status: 'failed', error: { code: 'cancelled' } });
  });

  it('aborts a hanging model call when the timeout timer fires', async () => {
    const p = fakePorts({ model: scriptedModel([{ hang: true }]) });
    const out = await run(graph({ a: agent() }, chain('a'), { limits: { timeout_s: 1 } }), p);
    expect(out).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    expect(p.of('node.finished')[0].data).toMatchObject({ error: { code: 'timeout' } });
  });

  it('fails with max_tokens once the run used more tokens than limits.max_tokens', async () => {
    const p = fakePorts({ model: scriptedModel([{ content: 'A', usage: { input: 80, output: 30 } }, 'B']) });
    const out = await run(graph({ a: agent(), b: agent() }, chain('a', 'b'), { limits: { max_tokens: 100 } }), p);
    expect(out).toMatchObject({ status: 'failed', error: { code: 'max_tokens', message: expect.stringContaining('110 tokens, more than limits.max_tokens (100)') } });
    expect(p.model.remaining()).toBe(1);
  });

  it('fails with timeout when the run takes longer than limits.timeout_s', async () => {
    const p = fakePorts();
    p.model.push('one', (req) => {
      p.advance(11_000);
      return 'two';
    }, 'three');
    const out = await run(graph({ a: agent(), b: agent(), c: agent() }, chain('a', 'b', 'c'), { limits: { timeout_s: 10 } }), p);
    expect(out).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    if (out.status === 'failed') expect(out.error.message).toMatch(/limits\.timeout_s \(10 s\)/);
    expect(p.model.remaining()).toBe(1);
  });

  it('answers with the last message of a node whose output goes to messages; a node with an output channel is not the answer', async () => {
    const tools = { echo: { type: 'http' as const, url: 'http://x' } };
    const { fakeTools } = await import('./testing/fake-ports');
    const state = { first: { type: 'string' as const } };
    // b writes to `first`: a's message stays the answer.
    const plain = graph({ a: agent(), b: agent({ output: 'first' }) }, chain('a', 'b'), { state });
    expect(await run(plain, fakePorts({ model: scriptedModel(['A', 'B']) }))).toMatchObject({ output: 'A', state: { first: 'B' } });
    const later = graph({ a: agent({ output: 'first' }), b: agent() }, chain('a', 'b'), { state });
    expect(await run(later, fakePorts({ model: scriptedModel(['A', 'B']) }))).toMatchObject({ output: 'B' });
    // When no node answers in messages, the last message a node wrote; a tool node writes none.
    const withTool = graph({ a: agent({ output: 'first' }), t: { role: 'tool', tool: 'echo' } }, chain('a', 't'), { tools, state });
    const p1 = fakePorts({ model: scriptedModel(['A']), tools: fakeTools({ echo: () => 'echoed' }) });
    expect(await run(withTool, p1)).toMatchObject({ output: 'A' });
    // The graph's `output`: a channel name, or a CEL expression over state.
    expect(await run({ ...plain, output: 'first' }, fakePorts({ model: scriptedModel(['A', 'B']) }))).toMatchObject({ output: 'B' });
    const cel = { ...plain, output: 'state.first + "!"' };
    expect(await run(cel, fakePorts({ model: scriptedModel(['A', 'B']) }))).toMatchObject({ output: 'B!' });
    const broken = { ...plain, output: 'state.nope.deeper' };
    expect(await run(broken, fakePorts({ model: scriptedModel(['A', 'B']) }))).toMatchObject({ status: 'failed', error: { code: 'cel_error', message: expect.stringContaining('Graph output') } });
    // Assistant messages no node of this graph wrote (an earlier turn's answers) are never the answer.
    const empty = graph({ t: { role: 'tool', tool: 'echo' } }, chain('t'), { tools });
    const history = [{ role: 'user', content: 'q1' }, { role: 'assistant', content: 'old answer' }, { role: 'user', content: 'q2' }];
    const p2 = fakePorts({ tools: fakeTools({ echo: () => 'x' }) });
    expect(await run(empty, p2, 'q2', { inputs: { messages: history } })).toMatchObject({ status: 'succeeded', output: null });
  });

  it('fails the run with the model error code when a model call fails', async () => {
    const err = Object.assign(new Error('No model connection "default" is configured.'), { code: 'no_connection' });
    const p = fakePorts({ model: scriptedModel([err]) });
    const out = await run(graph({ a: agent() }, chain('a')), p);
    expect(out).toEqual({ status: 'failed', error: { code: 'no_connection', message: 'No model connection "default" is configured.' } });
    expect(p.of('node.finished')[0].data).toMatchObject({ status: 'failed', error: { code: 'no_connection' } });
  });

  it('fails clearly when a node names a model that is not defined', async () => {
    const out = await run(graph({ a: agent({ model: 'big' }) }, chain('a')), fakePorts());
    expect(out).toMatchObject({ status: 'failed', error: { code: 'unknown_model' } });
    if (out.status === 'failed') expect(out.error.message).toMatch(/Node "a" uses model "big".*defined: default/);
  });
});
