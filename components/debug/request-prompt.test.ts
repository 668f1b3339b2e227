import { describe, expect, it } from 'vitest';
import { recorder } from '@/lib/testing/trace-fixtures/make-events';
import { requestPrompt } from './request-prompt';
import { buildTimeline } from './timeline-tree';

describe('the model-call details show the whole prompt of a request stored as a reference', () => {
  it('resolves messages_ref across steps (other node spans) from the timeline', () => {
    const r = recorder('run-1');
    const sys = { role: 'system', content: 'Be brief.' };
    const q = { role: 'user', content: 'Hello?' };
    const a = { role: 'assistant', content: 'Hi.', name: 'agent' };
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'Hello?' } });
    r.emit({ type: 'node.started', step: 1, node: 'agent', span_id: 'n1', parent_span_id: 'run', data: { role: 'agent' } });
    const first = r.emit({ type: 'llm.request', step: 1, node: 'agent', span_id: 'l1', parent_span_id: 'n1', data: { 'gen_ai.request.model': 'm', connection: 'default', messages: [sys, q] } });
    r.emit({ type: 'node.finished', step: 1, node: 'agent', span_id: 'n1', parent_span_id: 'run', data: { status: 'succeeded' } });
    r.emit({ type: 'node.started', step: 2, node: 'agent', span_id: 'n2', parent_span_id: 'run', data: { role: 'agent' } });
    const second = r.emit({ type: 'llm.request', step: 2, node: 'agent', span_id: 'l2', parent_span_id: 'n2', data: { 'gen_ai.request.model': 'm', connection: 'default', messages_ref: { seq: first.seq, count: 2 }, messages: [a] } });
    const tl = buildTimeline(r.events);
    expect(requestPrompt(tl, second)).toEqual({ messages: [sys, q, a], complete: true });
    expect(requestPrompt(tl, first)).toEqual({ messages: [sys, q], complete: true });
    // Without the earlier request (a partial trace) the prompt says it is incomplete.
    expect(requestPrompt(buildTimeline(r.events.filter((e) => e !== first)), second)).toEqual({ messages: [a], complete: false });
  });
});
