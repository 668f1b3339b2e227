import { describe, expect, it } from 'vitest';
import { evaluateCel, evaluateCondition } from './cel';

/** A state whose `untouched` channel fails the test if anything reads it. */
function stateWithTrap(extra: Record<string, unknown> = {}) {
  const state: Record<string, unknown> = { count: 2, name: 'ada', messages: [{ role: 'user', content: 'hi' }], ...extra };
  Object.defineProperty(state, 'untouched', {
    enumerable: true,
    get() {
      throw new Error('the activation read a channel the expression does not use');
    },
  });
  return state;
}

describe('CEL lazy activation', () => {
  it('converts only the state fields an expression reads', () => {
    const state = stateWithTrap();
    expect(evaluateCondition('state.count + 1 == 3 && state["name"] == "ada"', { state, output: null, last: 'x' })).toBe(true);
    expect(evaluateCondition('size(state.messages) == 1 && has(state.count) && !has(state.missing)', { state })).toBe(true);
    expect(evaluateCel('last', { state, last: 'the end' })).toBe('the end');
  });

  it('converts the whole variable when the expression uses it as a whole', () => {
    const state = { count: 2, nested: { deep: [1, 2] } };
    expect(evaluateCel('state', { state })).toEqual(state);
    expect(evaluateCondition('"count" in state && state.nested.deep[1] == 2', { state })).toBe(true);
    expect(() => evaluateCel('"x" in state', { state: stateWithTrap() })).toThrow(/does not use/);
  });

  it('gives the same errors as before for fields that are not there', () => {
    expect(() => evaluateCel('state.nope == 1', { state: stateWithTrap() })).toThrow(/nope/);
  });
});
