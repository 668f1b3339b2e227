import { describe, expect, it } from 'vitest';
import { applyEvents } from './run-reducer';
import { edgeKey, emptyRunView, isTerminal } from './run-view';
import { mrklRun } from '@/lib/testing/trace-fixtures/mrkl-run';
import { loopRun } from '@/lib/testing/trace-fixtures/loop-run';
import { recorder } from '@/lib/testing/trace-fixtures/make-events';

describe('run reducer: events to node status', () => {
  it('marks the agent running mid-run, then done when the MRKL run finishes', () => {
    const events = mrklRun();
    const mid = applyEvents(emptyRunView('run_mrkl'), events.slice(0, 10));
    expect(mid.status).toBe('running');
    expect(mid.nodeStatus).toEqual({ agent: 'running' });
    const end = applyEvents(mid, events.slice(10));
    expect(end.status).toBe('succeeded');
    expect(end.nodeStatus).toEqual({ agent: 'done' });
    expect(end.events).toHaveLength(events.length);
    expect(end.usage).toEqual({ input: 120 + 150 + 180 + 240, output: 25 * 3 + 40 });
    expect(isTerminal(end.status)).toBe(true);
  });

  it('ignores replayed events (a reconnect with Last-Event-ID that overlaps) instead of double counting', () => {
    const events = mrklRun();
    const once = applyEvents(emptyRunView(), events);
    const twice = applyEvents(once, events.slice(5));
    expect(twice).toBe(once);
    expect(twice.usage.output).toBe(115);
    expect(twice.events).toHaveLength(events.length);
  });

  it('counts an edge taken twice in a loop and keeps the branch chosen last', () => {
    const v = applyEvents(emptyRunView(), loopRun());
    const back = v.takenEdges[edgeKey('reviewer', 'writer')];
    expect(back).toMatchObject({ count: 1, branch_index: 0, condition: 'state.verdict == "revise"', value: true });
    expect(v.takenEdges[edgeKey('writer', 'reviewer')].count).toBe(2);
    expect(v.takenEdges[edgeKey('reviewer', 'approve')]).toMatchObject({ branch_index: 1, reason: 'else' });
    expect(v.lastEdge).toBe(edgeKey('reviewer', 'approve'));
  });

  it('pauses at a human node with its prompt, then clears the pause on resume', () => {
    const paused = applyEvents(emptyRunView(), loopRun());
    expect(paused.status).toBe('paused');
    expect(paused.interrupt).toEqual({ kind: 'human', node: 'approve', prompt: 'Publish this haiku?', value: { draft: 'draft 2' }, human_kind: 'approval' });
    expect(paused.nodeStatus.approve).toBe('paused');
    const done = applyEvents(emptyRunView(), loopRun('r', { resume: 'approve' }));
    expect(done.interrupt).toBeNull();
    expect(done.status).toBe('succeeded');
    expect(done.nodeStatus.approve).toBe('done');
    const resumed = applyEvents(emptyRunView(), loopRun('r', { resume: 'approve' }).slice(0, -2));
    expect(resumed.nodeStatus.approve).toBe('running');
  });

  it('a rejected run is failed with the error code and message', () => {
    const v = applyEvents(emptyRunView(), loopRun('r', { resume: 'reject' }));
    expect(v.status).toBe('failed');
    expect(v.error).toEqual({ code: 'rejected', message: 'Rejected: too long' });
    expect(v.nodeStatus.approve).toBe('failed');
  });

  it('on cancel a running node loses its highlight; on failure it is marked failed', () => {
    const r = recorder('c');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: {} });
    r.emit({ type: 'node.started', step: 1, node: 'a', span_id: 'a', parent_span_id: 'run', data: { role: 'agent' } });
    const cancelled = applyEvents(emptyRunView(), [...r.events, { ...r.events[0], seq: 3, type: 'run.cancelled', data: {} }]);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.nodeStatus).toEqual({});
    const failed = applyEvents(emptyRunView(), [...r.events, { ...r.events[0], seq: 3, type: 'run.failed', data: {} }]);
    expect(failed.nodeStatus).toEqual({ a: 'failed' });
    expect(failed.error).toEqual({ code: 'error', message: 'The run failed.' });
  });

  it('event data that breaks the trace contract is not trusted: an interrupt without a node pauses with no pause card; malformed edges are ignored', () => {
    const r = recorder('b');
    r.emit({ type: 'run.interrupted', step: 1, node: 'writer', span_id: 'run', data: { kind: 'breakpoint' } });
    r.emit({ type: 'edge.taken', step: 1, span_id: 'run', data: { from: 42 } });
    const v = applyEvents(emptyRunView(), r.events);
    expect(v.status).toBe('paused');
    expect(v.interrupt).toBeNull();
    expect(v.takenEdges).toEqual({});
    const ok = recorder('b2');
    ok.emit({ type: 'run.interrupted', step: 1, node: 'writer', span_id: 'run', data: { kind: 'breakpoint', node: 'writer' } });
    const w = applyEvents(emptyRunView(), ok.events);
    expect(w.interrupt).toEqual({ kind: 'breakpoint', node: 'writer' });
    expect(w.nodeStatus.writer).toBe('paused');
  });

  it('a node that finished as skipped is skipped', () => {
    const r = recorder('s');
    r.emit({ type: 'node.finished', step: 1, node: 'x', span_id: 'x', data: { status: 'skipped' } });
    expect(applyEvents(emptyRunView(), r.events).nodeStatus).toEqual({ x: 'skipped' });
  });
  it('paused then cancelled: cancelled, the pause card and the paused node cleared; nothing after the end moves the run', () => {
    const events = loopRun('pc');
    const last = events.at(-1)!;
    const cancelled = { ...last, seq: last.seq + 1, type: 'run.cancelled' as const, node: undefined, span_id: 'run', parent_span_id: undefined, data: { reason: 'cancelled while paused' } };
    const v = applyEvents(emptyRunView(), [...events, cancelled]);
    expect(v.status).toBe('cancelled');
    expect(v.interrupt).toBeNull();
    expect(v.nodeStatus.approve).toBeUndefined();
    const late = applyEvents(v, [{ ...cancelled, seq: cancelled.seq + 1, type: 'run.resumed', data: { action: 'approve' } }]);
    expect(late.status).toBe('cancelled');
  });

  it('an event type it does not know changes no status', () => {
    const events = mrklRun().slice(0, 5);
    const before = applyEvents(emptyRunView(), events);
    const after = applyEvents(before, [{ ...events[4], seq: 99, type: 'run.paused' as never, data: {} }]);
    expect(after.status).toBe(before.status);
    expect(after.nodeStatus).toEqual(before.nodeStatus);
    expect(after.events).toHaveLength(6);
  });
});
