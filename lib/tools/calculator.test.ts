import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { calculate, evaluateExpression } from './calculator';

function errorOf(expr: string): AppError {
  try {
    calculate(expr);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error(`expected "${expr}" to fail`);
}

describe('calculator', () => {
  it('gives the seed walk-through value exactly as JS prints Math.pow(47, 0.23)', () => {
    expect(calculate('47^0.23')).toBe('2.4242784855673896');
    expect(calculate('47^0.23')).toBe(String(Math.pow(47, 0.23)));
    expect(calculate('47 ** 0.23')).toBe('2.4242784855673896');
  });

  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['64 / 4 / 2', 8],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['(-2) ^ 2', 4],
    ['2 ^ -1', 0.5],
    ['--3', 3],
    ['7 % 4', 3],
    ['1.5e3 + .5', 1500.5],
    ['2E-2', 0.02],
    ['sqrt(16) + abs(-3)', 7],
    ['max(1, 5, 3) - min(4, 2)', 3],
    ['round(2.345, 2)', 2.35],
    ['round(2.5)', 3],
    ['floor(-1.5) + ceil(1.2)', 0],
    ['ln(e)', 1],
    ['log(1000)', 3],
    ['exp(0) + cos(0) + sin(0) + tan(0)', 2],
    ['2 * pi', 2 * Math.PI],
    ['PI', Math.PI],
  ])('%s = %d', (expr, value) => {
    expect(evaluateExpression(expr)).toBeCloseTo(value, 12);
  });

  it('refuses division and modulo by zero with the position of the operator', () => {
    const e = errorOf('1 + 4 / (2 - 2)');
    expect(e.code).toBe('tool_error');
    expect(e.message).toContain('division by zero at position 7');
    expect(errorOf('5 % 0').message).toContain('division by zero');
  });

  it('names an unknown identifier and where it is', () => {
    const e = errorOf('2 + foo');
    expect(e.message).toContain('unknown name "foo"');
    expect(e.message).toContain('position 5');
  });

  it('refuses trailing garbage, stray characters, unbalanced parentheses and a bare function name', () => {
    expect(errorOf('2 3').message).toContain('unexpected number 3 after a complete expression at position 3');
    expect(errorOf('2 + 3)').message).toContain('unexpected ")"');
    expect(errorOf('(2 + 3').message).toContain('expected ")"');
    expect(errorOf('2 $ 3').message).toContain('unexpected character "$" at position 3');
    expect(errorOf('sqrt + 1').message).toContain('needs arguments');
    expect(errorOf('2 +').message).toContain('unexpected end of expression');
    expect(errorOf('sqrt(1, 2)').message).toContain('sqrt() takes 1 argument, got 2');
  });

  it('never evaluates code: JS syntax is just an unknown name', () => {
    expect(errorOf('process.exit(1)').message).toContain('unexpected character "."');
    expect(errorOf('constructor').message).toContain('unknown name "constructor"');
    expect(errorOf('__proto__').message).toContain('unknown name');
    expect(errorOf('constructor(1)').message).toContain('unknown function "constructor"');
  });

  it('refuses input over 1000 characters and nesting deeper than 100', () => {
    expect(errorOf('1+'.repeat(600) + '1').message).toContain('longer than 1000 characters');
    expect(errorOf('('.repeat(101) + '1' + ')'.repeat(101)).message).toContain('deeper than 100');
    expect(calculate('('.repeat(99) + '1' + ')'.repeat(99))).toBe('1');
    expect(errorOf('-'.repeat(150) + '1').message).toContain('deeper than 100');
  });

  it('refuses results that are not finite numbers', () => {
    expect(errorOf('sqrt(-1)').message).toContain('not a number');
    expect(errorOf('10^400').message).toContain('too large');
  });
});
