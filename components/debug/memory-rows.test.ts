import { describe, expect, it } from 'vitest';
import { recorder } from '@/lib/testing/trace-fixtures/make-events';
import { buildTimeline } from './timeline-tree';

/** A node whose memory span reads a summary, makes a summary call (ok) and an entity call (garbage). */
function memoryRun() {
  const r = recorder('mem');
  r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'Who am I?' } });
  r.emit({ type: 'node.started', step: 1, node: 'chat', span_id: 'n', parent_span_id: 'run', data: { role: 'agent' } });
  r.emit({ type: 'memory.read', step: 1, node: 'chat', span_id: 'm', parent_span_id: 'n', data: { turns: 3, kept_turns: 1, stored: true, summary: 'Zorblax.', summarized_turns: 1 } });
  r.emit({ type: 'llm.request', step: 1, node: 'chat', span_id: 'l1', parent_span_id: 'm', data: { 'gen_ai.request.model': 'm', connection: 'default', messages: [] } });
  r.emit({ type: 'llm.response', step: 1, node: 'chat', span_id: 'l1', parent_span_id: 'm', data: { content: 'Zorblax at Acme.' } });
  r.emit({ type: 'memory.write', step: 1, node: 'chat', span_id: 'm', parent_span_id: 'n', data: { kind: 'summary', from: 1, to: 2, stored: true, summary: 'Zorblax at Acme.' } });
  r.emit({ type: 'memory.write', step: 1, node: 'chat', span_id: 'm', parent_span_id: 'n', data: { kind: 'entities', from: 0, to: 3, stored: true, error: 'not JSON' } });
  return r.events;
}

describe('timeline: memory spans', () => {
  it('shows the memory span under its node, with its model calls under it, ending at its last write', () => {
    const events = memoryRun();
    const tl = buildTimeline(events);
    const mem = tl.rows.get('m')!;
    expect(mem.kind).toBe('memory');
    expect(mem.parentId).toBe('n');
    expect(mem.children).toEqual(['l1']);
    expect(mem.events.map((e) => e.type)).toEqual(['memory.read', 'memory.write', 'memory.write']);
    expect(mem.label).toBe('memory · entities failed');
    expect(mem.status).toBe('error');
    expect(mem.end).toBe(Date.parse(events.at(-1)!.ts));
  });

  it('a memory span that only read is done at once', () => {
    const tl = buildTimeline(memoryRun().slice(0, 3));
    expect(tl.rows.get('m')).toMatchObject({ kind: 'memory', label: 'memory', status: 'ok' });
  });
});
