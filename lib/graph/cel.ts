/**
 * CEL (Common Expression Language) for conditions and expressions.
 * User and model text is never evaluated as JavaScript: only as CEL, which is not Turing complete.
 */
import { parse } from '@marcbachmann/cel-js';

export interface CelProblem {
  message: string;
}

type Compiled = ReturnType<typeof parse>;
const cache = new Map<string, Compiled>();
const CACHE_MAX = 2000;

function compile(expr: string): Compiled {
  let fn = cache.get(expr);
  if (!fn) {
    fn = parse(expr);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(expr, fn);
  }
  return fn;
}

/** First line of a cel-js error (the rest is a caret drawing). */
function firstLine(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.split('\n')[0].trim();
}

/** null when the expression compiles, otherwise what is wrong. */
export function checkCel(expr: string): CelProblem | null {
  try {
    compile(expr);
    return null;
  } catch (err) {
    return { message: firstLine(err) };
  }
}

export class CelEvaluationError extends Error {
  constructor(
    readonly expression: string,
    message: string,
  ) {
    super(`CEL \`${expression}\`: ${message}`);
    this.name = 'CelEvaluationError';
  }
}

/** JS values into CEL: whole numbers become ints so `state.count + 1` works. */
export function toCel(value: unknown, depth = 0): unknown {
  if (depth > 64) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map((v) => toCel(v, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toCel(v, depth + 1);
    return out;
  }
  return value;
}

/** CEL values back to JSON-friendly JS: ints become numbers when safe. */
export function fromCel(value: unknown, depth = 0): unknown {
  if (depth > 64) return null;
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  if (Array.isArray(value)) return value.map((v) => fromCel(v, depth + 1));
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) out[String(k)] = fromCel(v, depth + 1);
    return out;
  }
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fromCel(v, depth + 1);
    return out;
  }
  return value;
}

/** Evaluates `expr` over `vars`; throws CelEvaluationError with a one-line message. */
export function evaluateCel(expr: string, vars: Record<string, unknown>): unknown {
  let fn: Compiled;
  try {
    fn = compile(expr);
  } catch (err) {
    throw new CelEvaluationError(expr, firstLine(err));
  }
  try {
    return fromCel(fn(toCel(vars) as Record<string, unknown>));
  } catch (err) {
    throw new CelEvaluationError(expr, firstLine(err));
  }
}

/** A condition: must evaluate to a boolean. */
export function evaluateCondition(expr: string, vars: Record<string, unknown>): boolean {
  const v = evaluateCel(expr, vars);
  if (typeof v !== 'boolean') throw new CelEvaluationError(expr, `must give a bool, gave ${JSON.stringify(v)}`);
  return v;
}
