import { describe, expect, it } from 'vitest';
import { applyStateDelta, deltaOf, stateDelta } from './state-delta';

const hi = { role: 'user', content: 'hi' };
const yo = { role: 'assistant', content: 'yo' };

describe('state.updated deltas', () => {
  it('an append channel that grew records only the new items and where they start', () => {
    const before = { messages: [hi], verdict: null };
    const after = { messages: [hi, yo], verdict: 'ok' };
    const d = stateDelta(before, after, ['messages', 'verdict']);
    expect(d).toEqual({ changed: ['messages', 'verdict'], appended: { messages: { from: 1, items: [yo] } }, set: { verdict: 'ok' } });
    expect(applyStateDelta(before, d)).toEqual(after);
  });

  it('a list rewritten (not the same items in front) is set whole, as is a removed channel (null)', () => {
    const before = { messages: [hi, yo], notes: ['a'] };
    const after = { messages: [{ ...hi }, yo, yo] };
    const d = stateDelta(before, after, ['messages', 'notes'], 'edited at breakpoint');
    expect(d).toEqual({ changed: ['messages', 'notes'], set: { messages: after.messages, notes: null }, reason: 'edited at breakpoint' });
    expect(applyStateDelta(before, d)).toEqual({ messages: after.messages, notes: null });
  });

  it('a shorter list is a set, not an append', () => {
    expect(stateDelta({ l: [1, 2] }, { l: [1] }, ['l'])).toEqual({ changed: ['l'], set: { l: [1] } });
  });

  it('folding never modifies the state it starts from', () => {
    const start = Object.freeze({ l: Object.freeze([1]) });
    expect(applyStateDelta(start, { appended: { l: { from: 1, items: [2] } } })).toEqual({ l: [1, 2] });
    expect(start).toEqual({ l: [1] });
  });

  it('reads runs recorded before deltas (before / after) as sets', () => {
    expect(deltaOf({ before: { v: 'a' }, after: { v: 'b' }, changed: ['v'] })).toEqual({ changed: ['v'], set: { v: 'b' } });
    expect(deltaOf({ changed: ['m', 'v'], appended: { m: { from: 3, items: [yo] } }, set: { v: 1 }, after: { v: 0 } })).toEqual({ changed: ['m', 'v'], appended: { m: { from: 3, items: [yo] } }, set: { v: 1 } });
  });
});
