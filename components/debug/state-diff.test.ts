import { describe, expect, it } from 'vitest';
import { deltaDiff, diffState, knownStateBefore } from './state-diff';

describe('state diff before/after a node', () => {
  it('is empty for equal states', () => {
    expect(diffState({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 2 }] })).toEqual([]);
  });

  it('shows an appended message as one added entry at its index', () => {
    const m = { role: 'user', content: 'hi' };
    expect(diffState({ messages: [m] }, { messages: [m, { role: 'assistant', content: 'yo' }] })).toEqual([
      { path: 'messages[1]', kind: 'added', after: { role: 'assistant', content: 'yo' } },
    ]);
  });

  it('reports changed, added and removed channels with their values', () => {
    expect(diffState({ verdict: 'revise', draft: 'a' }, { verdict: 'ok', score: 3 })).toEqual([
      { path: 'verdict', kind: 'changed', before: 'revise', after: 'ok' },
      { path: 'draft', kind: 'removed', before: 'a' },
      { path: 'score', kind: 'added', after: 3 },
    ]);
  });

  it('quotes keys that are not identifiers and recurses into nested objects', () => {
    expect(diffState({ 'a b': { x: 1 } }, { 'a b': { x: 2 } })).toEqual([{ path: '["a b"].x', kind: 'changed', before: 1, after: 2 }]);
  });

  it('a type change (object to string, array to null) is one changed entry', () => {
    expect(diffState({ v: { a: 1 } }, { v: 'x' })).toEqual([{ path: 'v', kind: 'changed', before: { a: 1 }, after: 'x' }]);
    expect(diffState([1], null)).toEqual([{ path: '(state)', kind: 'changed', before: [1], after: null }]);
  });

  it('a missing before state shows everything as added', () => {
    expect(diffState(undefined, { a: 1 })).toEqual([{ path: '(state)', kind: 'added', after: { a: 1 } }]);
  });
});

describe('deltaDiff / knownStateBefore: the diff of a state.updated delta', () => {
  const ev = (seq: number, data: Record<string, unknown>) => ({ seq, run_id: 'r', ts: '', type: 'state.updated' as const, step: seq, span_id: `s${seq}`, data });
  it('appended items show at their index; a set channel is diffed against its earlier value', () => {
    const events = [ev(1, { changed: ['verdict'], set: { verdict: 'revise' } }), ev(2, { changed: ['messages', 'verdict'], appended: { messages: { from: 4, items: [{ role: 'assistant', content: 'ok' }] } }, set: { verdict: 'approve' } })];
    const known = knownStateBefore(events, 2);
    expect(known).toEqual({ verdict: 'revise' });
    expect(deltaDiff(events[1].data as never, known)).toEqual([
      { path: 'messages[4]', kind: 'added', after: { role: 'assistant', content: 'ok' } },
      { path: 'verdict', kind: 'changed', before: 'revise', after: 'approve' },
    ]);
  });

  it('a channel not known before shows its new value; an append past what is known forgets the channel', () => {
    const events = [ev(1, { changed: ['l'], set: { l: [1] } }), ev(2, { changed: ['l'], appended: { l: { from: 3, items: [4] } } }), ev(3, { changed: ['l'], appended: { l: { from: 1, items: [2] } } })];
    expect(knownStateBefore(events, 3)).toEqual({});
    expect(knownStateBefore(events.filter((e) => e.seq !== 2), 4)).toEqual({ l: [1, 2] });
    expect(deltaDiff({ changed: ['x'], set: { x: 5 } }, {})).toEqual([{ path: 'x', kind: 'added', after: 5 }]);
  });

  it('a run recorded before deltas is diffed from its before / after', () => {
    expect(deltaDiff({ changed: ['v'], before: { v: 'a' }, after: { v: 'b' } }, {})).toEqual([{ path: 'v', kind: 'changed', before: 'a', after: 'b' }]);
  });
});
