/**
 * Calculator tool: a safe arithmetic parser (recursive descent). Never eval / Function / mathjs.
 *   + - * / %   ^ (or **, right-associative, binds tighter than unary minus: -2^2 = -4)
 *   numbers: 12, 3.5, .5, 1e-3     constants: pi, e
 *   functions: sqrt abs ln log(=log10) exp sin cos tan floor ceil round(x[, digits]) min(...) max(...)
 * Results print as JS prints numbers: 47^0.23 → 2.4242784855673896.
 */
import { z } from 'zod';
import { AppError } from '../errors';
import type { ToolDefinition } from '../engine/ports';

export const CalculatorArgs = z.strictObject({
  expression: z.string().min(1, 'expression must not be empty'),
});

const MAX_EXPRESSION_LENGTH = 1000;
const MAX_NESTING = 100;

export class CalcError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const FUNCTIONS: Record<string, { min: number; max: number; fn: (...a: number[]) => number }> = {
  sqrt: { min: 1, max: 1, fn: Math.sqrt },
  abs: { min: 1, max: 1, fn: Math.abs },
  ln: { min: 1, max: 1, fn: Math.log },
  log: { min: 1, max: 1, fn: Math.log10 },
  exp: { min: 1, max: 1, fn: Math.exp },
  sin: { min: 1, max: 1, fn: Math.sin },
  cos: { min: 1, max: 1, fn: Math.cos },
  tan: { min: 1, max: 1, fn: Math.tan },
  floor: { min: 1, max: 1, fn: Math.floor },
  ceil: { min: 1, max: 1, fn: Math.ceil },
  round: { min: 1, max: 2, fn: (x, d = 0) => roundTo(x, d) },
  min: { min: 1, max: Infinity, fn: Math.min },
  max: { min: 1, max: Infinity, fn: Math.max },
};

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

function roundTo(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) throw new RangeError('round digits must be an integer from 0 to 15');
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

type Token =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'id'; name: string; pos: number }
  | { kind: 'op'; op: string; pos: number }
  | { kind: 'end'; pos: number };

const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const rest = src.slice(i);
    const num = NUMBER.exec(rest);
    if (num) {
      tokens.push({ kind: 'num', value: Number(num[0]), pos: i });
      i += num[0].length;
      continue;
    }
    const id = IDENT.exec(rest);
    if (id) {
      tokens.push({ kind: 'id', name: id[0], pos: i });
      i += id[0].length;
      continue;
    }
    if (rest.startsWith('**')) {
      tokens.push({ kind: 'op', op: '^', pos: i });
      i += 2;
      continue;
    }
    if ('+-*/%^(),'.includes(ch)) {
      tokens.push({ kind: 'op', op: ch, pos: i });
      i++;
      continue;
    }
    throw new CalcError(`unexpected character "${ch}"`, i);
  }
  tokens.push({ kind: 'end', pos: src.length });
  return tokens;
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.i];
  }
  private isOp(op: string): boolean {
    const t = this.peek();
    return t.kind === 'op' && t.op === op;
  }
  private enter(pos: number): void {
    if (++this.depth > MAX_NESTING) throw new CalcError(`expression nests deeper than ${MAX_NESTING} levels`, pos);
  }

  parse(): number {
    const value = this.additive();
    const t = this.peek();
    if (t.kind !== 'end') throw new CalcError(`unexpected ${describe(t)} after a complete expression`, t.pos);
    return value;
  }

  private additive(): number {
    let left = this.multiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.i++] as { op: string }).op;
      const right = this.multiplicative();
      left = op === '+' ? left + right : left - right;
    }
    return left;
  }

  private multiplicative(): number {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const t = this.tokens[this.i++] as { op: string; pos: number };
      const right = this.unary();
      if ((t.op === '/' || t.op === '%') && right === 0) throw new CalcError('division by zero', t.pos);
      left = t.op === '*' ? left * right : t.op === '/' ? left / right : left % right;
    }
    return left;
  }

  private unary(): number {
    if (this.isOp('-') || this.isOp('+')) {
      const t = this.tokens[this.i++] as { op: string; pos: number };
      this.enter(t.pos);
      const v = this.unary();
      this.depth--;
      return t.op === '-' ? -v : v;
    }
    return this.power();
  }

  private power(): number {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    const t = this.tokens[this.i++];
    this.enter(t.pos);
    const exponent = this.unary(); // right-associative: 2^3^2 = 2^(3^2); 2^-1 allowed
    this.depth--;
    return Math.pow(base, exponent);
  }

  private primary(): number {
    const t = this.peek();
    if (t.kind === 'num') {
      this.i++;
      return t.value;
    }
    if (t.kind === 'op' && t.op === '(') {
      this.i++;
      this.enter(t.pos);
      const v = this.additive();
      this.expect(')', t.pos);
      this.depth--;
      return v;
    }
    if (t.kind === 'id') {
      this.i++;
      const name = t.name.toLowerCase();
      if (this.isOp('(')) return this.call(name, t.pos);
      if (Object.hasOwn(CONSTANTS, name)) return CONSTANTS[name];
      if (Object.hasOwn(FUNCTIONS, name)) throw new CalcError(`function "${t.name}" needs arguments in parentheses`, t.pos);
      throw new CalcError(`unknown name "${t.name}" (known: ${[...Object.keys(CONSTANTS), ...Object.keys(FUNCTIONS)].join(', ')})`, t.pos);
    }
    if (t.kind === 'end') throw new CalcError('unexpected end of expression', t.pos);
    throw new CalcError(`unexpected ${describe(t)}`, t.pos);
  }

  private call(name: string, pos: number): number {
    const f = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
    if (!f) throw new CalcError(`unknown function "${name}"`, pos);
    this.enter(pos);
    this.i++; // (
    const args: number[] = [];
    if (!this.isOp(')')) {
      args.push(this.additive());
      while (this.isOp(',')) {
        this.i++;
        args.push(this.additive());
      }
    }
    this.expect(')', pos);
    this.depth--;
    if (args.length < f.min || args.length > f.max) {
      const want = f.max === Infinity ? `at least ${f.min}` : f.min === f.max ? `${f.min}` : `${f.min} to ${f.max}`;
      throw new CalcError(`${name}() takes ${want} argument${f.min === 1 && f.max === 1 ? '' : 's'}, got ${args.length}`, pos);
    }
    try {
      return f.fn(...args);
    } catch (err) {
      throw new CalcError(`${name}(): ${(err as Error).message}`, pos);
    }
  }

  private expect(op: string, openedAt: number): void {
    if (this.isOp(op)) {
      this.i++;
      return;
    }
    const t = this.peek();
    throw new CalcError(`expected "${op}" (opened at position ${openedAt + 1}) but found ${describe(t)}`, t.pos);
  }
}

function describe(t: Token): string {
  if (t.kind === 'num') return `number ${t.value}`;
  if (t.kind === 'id') return `name "${t.name}"`;
  if (t.kind === 'op') return `"${t.op}"`;
  return 'end of expression';
}

/** Evaluates an arithmetic expression; throws CalcError (0-based `position`) on bad input. */
export function evaluateExpression(src: string): number {
  if (src.length > MAX_EXPRESSION_LENGTH) throw new CalcError(`expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH);
  const value = new Parser(tokenize(src)).parse();
  if (Number.isNaN(value)) throw new CalcError('the result is not a number (e.g. sqrt or ln of a negative number)', 0);
  if (!Number.isFinite(value)) throw new CalcError('the result is too large (overflow)', 0);
  return value;
}

/** The tool's output text: the number as JS prints it, or an AppError naming the position. */
export function calculate(expression: string): string {
  try {
    return String(evaluateExpression(expression));
  } catch (err) {
    if (err instanceof CalcError) {
      throw new AppError('tool_error', `Calculator: ${err.message} at position ${err.position + 1} in "${expression.length > 80 ? expression.slice(0, 80) + '…' : expression}"`, {
        position: err.position + 1,
      });
    }
    throw err;
  }
}

export function calculatorDefinition(name: string, description?: string): ToolDefinition {
  return {
    type: 'function',
    function: {
      name,
      description: description ?? 'Evaluate an arithmetic expression: + - * / % ^, parentheses, sqrt abs ln log exp sin cos tan floor ceil round min max, pi, e.',
      parameters: {
        type: 'object',
        properties: { expression: { type: 'string', description: 'The expression, e.g. 47^0.23' } },
        required: ['expression'],
        additionalProperties: false,
      },
    },
  };
}
