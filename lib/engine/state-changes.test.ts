import { describe, expect, it } from 'vitest';
import { applyWrite, sameJson } from './state';
import { agent, chain, graph } from './testing/graphs';

const doc = graph({ a: agent() }, chain('a'), { state: { notes: { type: 'list' }, verdict: { type: 'string' }, meta: { type: 'json' } } });

describe('applyWrite changes', () => {
  it('reports only written channels whose value changed, and keeps the others by reference', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    const state = { input: 'hi', messages, notes: ['x'], verdict: 'ok', meta: { a: 1, b: [1, 2] } };
    const out = applyWrite(doc, state, { update: { verdict: 'ok', notes: 'y', meta: { b: [1, 2], a: 1 } } });
    expect(out.changed).toEqual(['notes']);
    expect(out.state.messages).toBe(messages);
    expect(out.state.notes).toEqual(['x', 'y']);
    const over = applyWrite(doc, out.state, { update: {}, overwrite: { verdict: 'revise' } });
    expect(over.changed).toEqual(['verdict']);
  });

  it('compares like JSON: key order aside, undefined members and null array items', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([undefined], [null])).toBe(true);
    expect(sameJson({ a: [1, { c: 'x' }] }, { a: [1, { c: 'y' }] })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson(null, undefined)).toBe(false);
    expect(sameJson({}, [])).toBe(false);
  });
});
