/** planSpans over recorded traces (pure): the workflow span comes from the trace fold. */
import { describe, expect, it } from 'vitest';
import type { TraceEventType } from '@/lib/contracts/trace';
import { recorder } from '@/lib/testing/trace-fixtures/make-events';
import { loopRun } from '@/lib/testing/trace-fixtures/loop-run';
import { planSpans } from './otel-export-spans';

const run = { id: 'r', graph: 'g' };

describe('planSpans', () => {
  it('a run recorded by an older version (random run span id) paused then cancelled on "run": one workflow span, status cancelled, no run.cancelled span', () => {
    const r = recorder('r');
    r.emit({ type: 'run.started', step: 0, span_id: '6f1c-uuid', data: { input: 'x' } });
    r.emit({ type: 'node.started', step: 1, node: 'approve', span_id: 'h', parent_span_id: '6f1c-uuid', data: { role: 'human' } });
    r.emit({ type: 'run.interrupted', step: 1, node: 'approve', span_id: 'h', parent_span_id: '6f1c-uuid', data: { kind: 'human', node: 'approve' } });
    r.emit({ type: 'run.cancelled', step: 0, span_id: 'run', data: { reason: 'cancelled while paused' } });
    const spans = planSpans(run, r.events, false);
    expect(spans.map((s) => [s.name, s.parent ?? null])).toEqual([
      ['invoke_workflow g', null],
      ['human approve', '6f1c-uuid'],
    ]);
    expect(spans[0].attributes['switchyard.run.status']).toBe('cancelled');
    expect(spans[0].end).toBe(Date.parse(r.events.at(-1)!.ts));
  });

  it('a paused run reports paused; a rejected one rejected with its output null; unknown events make no span', () => {
    const paused = planSpans(run, loopRun(), true);
    expect(paused[0].attributes['switchyard.run.status']).toBe('paused');
    expect(paused[0].attributes['gen_ai.usage.input_tokens']).toBe(20);
    const r = recorder('r2');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x' } });
    r.emit({ type: 'cache.hit' as TraceEventType, step: 1, span_id: 'c', parent_span_id: 'run', data: {} });
    r.emit({ type: 'run.finished', step: 1, span_id: 'run', data: { output: null, status: 'rejected', rejected: { node: 'approve' } } });
    const spans = planSpans(run, r.events, true);
    expect(spans).toHaveLength(1);
    expect(spans[0].attributes).toMatchObject({ 'switchyard.run.status': 'rejected', 'switchyard.run.output': 'null' });
    expect(spans[0].error).toBeUndefined();
  });

  it('a span whose parent was never recorded stays in the run trace, under the workflow span, after it', () => {
    const r = recorder('r3');
    r.emit({ type: 'llm.request', step: 1, node: 'a', span_id: 'l', parent_span_id: 'ghost', data: { 'gen_ai.request.model': 'm', connection: 'c', messages: [] } });
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x' } });
    r.emit({ type: 'run.failed', step: 1, span_id: 'run', data: { error: { code: 'boom', message: 'bad' } } });
    const spans = planSpans(run, r.events, false);
    expect(spans.map((s) => [s.id, s.parent ?? null])).toEqual([
      ['run', null],
      ['l', 'run'],
    ]);
    expect(spans[0].error).toBe('boom: bad');
    expect(spans[1].error).toBe('the model call did not finish');
  });
});
