import { describe, expect, it } from 'vitest';
import { CEL_MAX_NESTING, CelEvaluationError, checkCel, evaluateCel, evaluateCondition } from './cel';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const literal = (n: number) => `[${range(n).join(', ')}]`;

function celError(fn: () => unknown): CelEvaluationError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CelEvaluationError) return err;
    throw err;
  }
  throw new Error('expected a CelEvaluationError');
}

describe('CEL basics', () => {
  it('evaluates conditions and expressions over state', () => {
    expect(evaluateCondition('state.count + 1 == 3', { state: { count: 2 } })).toBe(true);
    expect(evaluateCel('state.xs.map(x, x * 2)', { state: { xs: [1, 2] } })).toEqual([2, 4]);
    expect(evaluateCel('state.xs.filter(x, x > 1).size()', { state: { xs: [1, 2, 3] } })).toBe(2);
  });

  it('reports syntax errors with code cel_error', () => {
    expect(checkCel('state.')).toMatchObject({ code: 'cel_error' });
    expect(celError(() => evaluateCel('1 +', {})).code).toBe('cel_error');
  });
});

describe('matches() runs on a linear-time engine', () => {
  it('answers a catastrophic-backtracking pattern on a long input', () => {
    const input = 'a'.repeat(40) + 'b';
    expect(evaluateCondition('state.input.matches("^(a+)+$")', { state: { input } })).toBe(false);
    expect(evaluateCondition('state.input.matches("^(a+)+$")', { state: { input: 'a'.repeat(40) } })).toBe(true);
    expect(evaluateCondition('state.input.matches(state.re)', { state: { input, re: '(a|aa)+$' } })).toBe(false);
  });

  it('searches anywhere in the text, like CEL and RE2', () => {
    expect(evaluateCondition('"hello world".matches("o w")', {})).toBe(true);
    expect(evaluateCondition('"hello".matches("^ello")', {})).toBe(false);
  });

  it('refuses patterns RE2 cannot run, at compile time for literals', () => {
    expect(checkCel('state.x.matches("(a)\\\\1")')?.message).toMatch(/backreferences/);
    expect(checkCel('state.x.matches("a(?=b)")')?.message).toMatch(/not a valid regular expression/);
    const err = celError(() => evaluateCel('state.x.matches(state.re)', { state: { x: 'aa', re: '(a)\\1' } }));
    expect(err.code).toBe('cel_error');
    expect(err.message).toMatch(/backreferences/);
  });
});

describe('CEL budget', () => {
  it('refuses at compile time comprehensions nested too deep', () => {
    const nested = 'state.xs.all(a, state.xs.all(b, state.xs.all(c, state.xs.all(d, a + b + c + d >= 0))))';
    const problem = checkCel(nested);
    expect(problem).toMatchObject({ code: 'cel_budget' });
    expect(problem?.message).toContain(`at most ${CEL_MAX_NESTING}`);
    expect(checkCel('state.xs.all(a, state.ys.exists(b, a == b))')).toBeNull();
  });

  it('refuses at compile time literal loops whose cost is known to exceed the budget', () => {
    const l = literal(100);
    const problem = checkCel(`${l}.all(a, ${l}.all(b, ${l}.all(c, a + b + c >= 0)))`);
    expect(problem).toMatchObject({ code: 'cel_budget' });
    expect(problem?.message).toMatch(/at least [\d,]+ evaluation steps/);
    expect(celError(() => evaluateCel(`${l}.all(a, ${l}.all(b, ${l}.all(c, a + b + c >= 0)))`, {})).code).toBe('cel_budget');
  });

  it('stops a runaway over state data with a cel_budget error', () => {
    const state = { xs: range(100) };
    const expr = 'state.xs.all(a, state.xs.all(b, state.xs.all(c, a + b + c >= 0)))';
    expect(checkCel(expr)).toBeNull();
    const err = celError(() => evaluateCondition(expr, { state }));
    expect(err.code).toBe('cel_budget');
    expect(err.message).toMatch(/CEL budget/);
  });

  it('stops a runaway even when the loop could short-circuit on an error', () => {
    const state = { xs: range(200) };
    const err = celError(() => evaluateCondition('state.xs.exists(a, state.xs.exists(b, state.xs.exists(c, a + b + c < 0))) || true', { state }));
    expect(err.code).toBe('cel_budget');
  });

  it('charges for strings it builds: doubling a string through cel.bind is stopped', () => {
    let expr = 'state.s';
    for (let i = 0; i < 24; i++) expr = `cel.bind(v${i}, ${expr}, v${i} + v${i})`;
    const err = celError(() => evaluateCel(`${expr}.size()`, { state: { s: 'x'.repeat(64) } }));
    expect(err.code).toBe('cel_budget');
  });

  it('allows the same loops within the budget, and a smaller budget stops them', () => {
    const state = { xs: range(30) };
    const expr = 'state.xs.all(a, state.xs.all(b, state.xs.all(c, a + b + c >= 0)))';
    expect(evaluateCondition(expr, { state })).toBe(true);
    expect(celError(() => evaluateCel(expr, { state }, 10_000)).code).toBe('cel_budget');
    // the budget is per evaluation: the next one starts afresh
    expect(evaluateCondition(expr, { state })).toBe(true);
  });
});
