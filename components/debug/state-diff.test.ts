import { describe, expect, it } from 'vitest';
import { diffState } from './state-diff';

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
