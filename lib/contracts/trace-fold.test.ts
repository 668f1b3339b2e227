import { describe, expect, it } from 'vitest';
import { loopRun } from '@/lib/testing/trace-fixtures/loop-run';
import { mrklRun } from '@/lib/testing/trace-fixtures/mrkl-run';
import { recorder } from '@/lib/testing/trace-fixtures/make-events';
import { EMPTY_RUN, descendants, foldRunEvent, foldTrace } from './trace-fold';
import { RUN_SPAN_ID, type TraceEvent, type TraceEventType } from './trace';

const childKinds = (f: ReturnType<typeof foldTrace>, id: string) => f.items.get(id)!.children.map((c) => f.items.get(c)!.kind);

describe('foldTrace: spans, statuses, answer, usage, ended', () => {
  it('folds a finished run: the span tree with parents, the answer and the end usage', () => {
    const f = foldTrace(mrklRun());
    expect(f.runSpan).toBe('run');
    expect(f.roots).toEqual(['run']);
    expect(f.status).toBe('succeeded');
    expect(f.ended).toBe(true);
    expect(f.endType).toBe('run.finished');
    expect(typeof f.output).toBe('string');
    expect(f.usage).toMatchObject({ input_tokens: 690, output_tokens: 115 });
    const node = f.items.get('n1')!;
    expect(node).toMatchObject({ kind: 'node', parent: 'run', status: 'ok', node: 'agent' });
    expect(new Set(childKinds(f, 'n1'))).toEqual(new Set(['llm', 'tool', 'state', 'edge']));
    for (const c of descendants(f, 'n1')) expect(c.node).toBe('agent');
    expect(f.t0).toBeLessThan(f.tLast);
  });

  it('a run with no end event is not ended: paused at a human node, the interrupt is kept, usage summed from its model calls', () => {
    const f = foldTrace(loopRun());
    expect(f.ended).toBe(false);
    expect(f.status).toBe('paused');
    expect(f.interrupt).toMatchObject({ kind: 'human', node: 'approve', human_kind: 'approval' });
    expect(f.items.get('h')!.status).toBe('paused');
    expect(f.usage).toEqual({ input_tokens: 20, output_tokens: 10, model_calls: 2 });
    expect(f.output).toBeUndefined();
    // A run that only started is running, not ended.
    const started = foldTrace(loopRun().slice(0, 1));
    expect([started.status, started.ended]).toEqual(['running', false]);
    expect(foldTrace([])).toMatchObject({ status: null, ended: false, runSpan: null, roots: [] });
  });

  it('paused then cancelled (the cancel recorded on RUN_SPAN_ID, the run span an older random id): one run span, cancelled, the paused node settled', () => {
    const r = recorder('r1');
    r.emit({ type: 'run.started', step: 0, span_id: 'uuid-1', data: { input: 'hi' } });
    r.emit({ type: 'node.started', step: 1, node: 'approve', span_id: 'h', parent_span_id: 'uuid-1', data: { role: 'human' } });
    r.emit({ type: 'run.interrupted', step: 1, node: 'approve', span_id: 'h', parent_span_id: 'uuid-1', data: { kind: 'human', node: 'approve' } });
    r.emit({ type: 'run.cancelled', step: 0, span_id: RUN_SPAN_ID, data: { reason: 'cancelled while paused' } });
    const f = foldTrace(r.events);
    expect(f.roots).toEqual(['uuid-1']);
    expect([...f.items.values()].filter((i) => i.kind === 'run')).toHaveLength(1);
    expect(f.items.has(RUN_SPAN_ID)).toBe(false);
    expect(f.items.get('uuid-1')!.events.map((e) => e.type)).toEqual(['run.started', 'run.cancelled']);
    expect(f.items.get('uuid-1')!.status).toBe('cancelled');
    expect(f.items.get('h')!.status).toBe('cancelled');
    expect([f.status, f.ended, f.endType, f.interrupt]).toEqual(['cancelled', true, 'run.cancelled', null]);
  });

  it('takes events by seq whatever order they come in (a child before its parent span)', () => {
    const events = mrklRun();
    const shuffled = [...events].reverse();
    const a = foldTrace(events);
    const b = foldTrace(shuffled);
    expect(b.status).toBe('succeeded');
    expect([...b.items.keys()]).toEqual([...a.items.keys()]);
    for (const [id, item] of a.items) expect(b.items.get(id)!.parent).toBe(item.parent);
    // Without seq (the CLI's events), array order is the order; a child seen before its parent still hangs under it.
    const noSeq = [
      { type: 'llm.request' as const, step: 1, node: 'a', span_id: 'l', parent_span_id: 'n', data: { 'gen_ai.request.model': 'm', connection: 'c', messages: [] } },
      { type: 'node.started' as const, step: 1, node: 'a', span_id: 'n', parent_span_id: 'run', data: { role: 'agent' } },
      { type: 'run.started' as const, step: 0, span_id: 'run', data: { input: 'x' } },
    ];
    const c = foldTrace(noSeq);
    expect(c.items.get('l')!.parent).toBe('n');
    expect(c.items.get('n')!.parent).toBe('run');
    expect(c.roots).toEqual(['run']);
  });

  it('an event repeated (a replay overlapping the stream) counts once', () => {
    const events = mrklRun();
    const f = foldTrace([...events, ...events.slice(3)]);
    expect(f.usage.model_calls).toBe(foldTrace(events).usage.model_calls);
    expect(f.items.get('n1')!.events).toHaveLength(foldTrace(events).items.get('n1')!.events.length);
    expect([...f.items.keys()]).toEqual([...foldTrace(events).items.keys()]);
  });

  it('an unknown event type becomes an unknown point under its span, never a span or another kind', () => {
    const r = recorder('r2');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x' } });
    r.emit({ type: 'node.started', step: 1, node: 'a', span_id: 'n', parent_span_id: 'run', data: { role: 'agent' } });
    r.emit({ type: 'node.paused' as TraceEventType, step: 1, node: 'a', span_id: 'n', parent_span_id: 'run', data: {} });
    r.emit({ type: 'cache.hit' as TraceEventType, step: 1, node: 'a', span_id: 'zz', parent_span_id: 'nowhere', data: {} });
    const f = foldTrace(r.events);
    const unknown = [...f.items.values()].filter((i) => i.kind === 'unknown');
    expect(unknown.map((i) => [i.events[0].type, i.parent, i.point])).toEqual([
      ['node.paused', 'n', true],
      ['cache.hit', 'run', true],
    ]);
    expect(f.items.has('zz')).toBe(false);
    expect(f.items.get('n')!.status).toBe('running');
    expect(f.status).toBe('running');
  });

  it('nested subgraph / worker spans hang under the node that called them; a failed node settles what it left open', () => {
    const r = recorder('r3');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x' } });
    r.emit({ type: 'node.started', step: 1, node: 'sub', span_id: 'S', parent_span_id: 'run', data: { role: 'subgraph' } });
    r.emit({ type: 'node.started', step: 1, node: 'sub/inner', span_id: 'I', parent_span_id: 'S', data: { role: 'agent' } });
    r.emit({ type: 'llm.request', step: 1, node: 'sub/inner', span_id: 'L', parent_span_id: 'I', data: { 'gen_ai.request.model': 'm', connection: 'c', messages: [] } });
    r.emit({ type: 'llm.response', step: 1, node: 'sub/inner', span_id: 'L', parent_span_id: 'I', data: { content: 'ok', 'gen_ai.usage.input_tokens': 3, 'gen_ai.usage.output_tokens': 2, cost_usd: 0.5 } });
    r.emit({ type: 'llm.request', step: 1, node: 'sub/inner', span_id: 'L2', parent_span_id: 'I', data: { 'gen_ai.request.model': 'm', connection: 'c', messages: [] } });
    r.emit({ type: 'node.finished', step: 1, node: 'sub/inner', span_id: 'I', parent_span_id: 'S', data: { status: 'failed', error: { code: 'llm_error', message: 'boom' } } });
    r.emit({ type: 'node.finished', step: 1, node: 'sub', span_id: 'S', parent_span_id: 'run', data: { status: 'failed', error: { code: 'llm_error', message: 'boom' } } });
    r.emit({ type: 'run.failed', step: 1, span_id: 'run', data: { error: { code: 'llm_error', message: 'boom' } } });
    const f = foldTrace(r.events);
    expect(f.items.get('I')!.parent).toBe('S');
    expect(f.items.get('L')!.parent).toBe('I');
    expect(f.items.get('L')!.status).toBe('ok');
    expect(f.items.get('L2')!.status).toBe('error');
    expect(descendants(f, 'S').map((i) => i.id)).toEqual(['I', 'L', 'L2']);
    expect([f.status, f.ended]).toEqual(['failed', true]);
    expect(f.error).toEqual({ code: 'llm_error', message: 'boom' });
    // run.failed carried no usage: the model calls seen are the usage.
    expect(f.usage).toEqual({ input_tokens: 3, output_tokens: 2, cost_usd: 0.5, model_calls: 1 });
  });

  it('odd traces do not throw: a span that names itself or a cycle as parent, a duplicate end, events after the end', () => {
    const r = recorder('r4');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x' } });
    r.emit({ type: 'node.started', step: 1, node: 'a', span_id: 'A', parent_span_id: 'B', data: { role: 'agent' } });
    r.emit({ type: 'node.started', step: 1, node: 'b', span_id: 'B', parent_span_id: 'A', data: { role: 'agent' } });
    r.emit({ type: 'node.started', step: 1, node: 'c', span_id: 'C', parent_span_id: 'C', data: { role: 'agent' } });
    r.emit({ type: 'run.finished', step: 1, span_id: 'run', data: { output: 'first' } });
    r.emit({ type: 'run.failed', step: 1, span_id: 'run', data: { error: { code: 'late', message: 'late' } } });
    r.emit({ type: 'llm.response', step: 1, node: 'a', span_id: 'L', parent_span_id: 'A', data: { content: 'late', 'gen_ai.usage.input_tokens': 99 } });
    const f = foldTrace(r.events);
    expect(f.roots).toEqual(['run']);
    expect(f.items.get('A')!.parent).toBe('B');
    expect(f.items.get('B')!.parent).toBe('run');
    expect(f.items.get('C')!.parent).toBe('run');
    expect([f.status, f.output, f.error]).toEqual(['succeeded', 'first', null]);
    expect(f.usage.input_tokens).toBe(0);
  });

  it('a rejection ends the run as rejected with the reason as its error; a server restart pauses it as interrupted', () => {
    const r = recorder('r5');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x' } });
    r.emit({ type: 'run.finished', step: 1, span_id: 'run', data: { output: null, status: 'rejected', rejected: { node: 'approve', reason: 'too long' } } });
    const f = foldTrace(r.events);
    expect([f.status, f.output, f.rejected]).toEqual(['rejected', null, { node: 'approve', reason: 'too long' }]);
    expect(f.error).toEqual({ code: 'rejected', message: 'Rejected at "approve": too long' });
    expect(f.items.get('run')!.status).toBe('rejected');
    const restart = foldRunEvent(EMPTY_RUN, { type: 'run.interrupted', span_id: 'run', data: { kind: 'breakpoint', node: 'a', reason: 'server_restart' } });
    expect(restart.status).toBe('interrupted');
    expect(restart.runSpan).toBeNull();
    // The step is pure: the input fold is never changed.
    expect(EMPTY_RUN.status).toBeNull();
  });

  it('the end event usage replaces the summed one; a cost only when some call had a price', () => {
    const events: TraceEvent[] = loopRun('r6', { resume: 'approve' });
    const f = foldTrace(events);
    expect(f.usage.cost_usd).toBeUndefined();
    const withEnd = foldRunEvent(f, { type: 'run.finished', span_id: 'run', data: {} });
    expect(withEnd).toBe(f); // ended: nothing moves it
    const g = foldRunEvent(EMPTY_RUN, { type: 'run.cancelled', span_id: 'run', data: { usage: { input_tokens: 7, output_tokens: 1, cost_usd: 0.25, model_calls: 4 } } });
    expect(g.usage).toEqual({ input_tokens: 7, output_tokens: 1, cost_usd: 0.25, model_calls: 4 });
  });
});
