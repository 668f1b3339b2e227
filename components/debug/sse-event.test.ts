import { describe, expect, it } from 'vitest';
import { parseSseMessage } from './sse-event';

const good = { seq: 3, run_id: 'r', ts: '2026-01-01T00:00:00Z', type: 'llm.delta', step: 1, node: 'a', span_id: 's', parent_span_id: 'p', data: { text: 'hi' } };

describe('SSE message to trace event', () => {
  it('accepts the envelope', () => {
    expect(parseSseMessage(JSON.stringify(good))).toEqual({ ok: true, event: good });
  });

  it('rejects data that is not JSON, with the reason', () => {
    const r = parseSseMessage('{"seq": 1,');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/not JSON/);
  });

  it('keeps an event type it does not know (shown as "unknown event <type>"), rejects a type that is no event name', () => {
    expect(parseSseMessage(JSON.stringify({ ...good, type: 'node.paused' }))).toEqual({ ok: true, event: { ...good, type: 'node.paused' } });
    expect(parseSseMessage(JSON.stringify({ ...good, type: 'evil' }))).toEqual({ ok: false, error: 'event.type "evil" is not an event type name' });
    expect(parseSseMessage(JSON.stringify({ ...good, type: '<img src=x>.a' })).ok).toBe(false);
    expect(parseSseMessage(JSON.stringify({ ...good, type: 7 })).ok).toBe(false);
  });

  it('rejects a missing seq, a non-object', () => {
    expect(parseSseMessage(JSON.stringify({ ...good, seq: '1' }))).toEqual({ ok: false, error: 'event.seq is not an integer' });
    expect(parseSseMessage('[1]')).toEqual({ ok: false, error: 'event is not an object' });
  });

  it('replaces non-object data with {} and drops non-string optional fields', () => {
    const r = parseSseMessage(JSON.stringify({ ...good, data: 'x', node: 5, parent_span_id: null }));
    expect(r).toEqual({ ok: true, event: { ...good, data: {}, node: undefined, parent_span_id: undefined } });
  });
});
