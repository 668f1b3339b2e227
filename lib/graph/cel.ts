/**
 * CEL (Common Expression Language) for conditions and expressions.
 * User and model text is never evaluated as JavaScript: only as CEL, which is not Turing complete.
 *
 * Every evaluation is bounded (see docs "Limits"):
 * - at compile time, comprehensions (all, exists, exists_one, map, filter) nest at most
 *   CEL_MAX_NESTING deep, and a lower bound of the cost (literal list sizes multiplied through nested
 *   comprehensions) must stay within CEL_STEP_BUDGET;
 * - at run time, each evaluation may take at most CEL_STEP_BUDGET steps (one per expression node
 *   evaluated, plus the size of strings and lists it builds and the length of text a regex scans);
 * - `matches()` runs on RE2 (linear time; see ./safe-regex).
 */
import { Environment } from '@marcbachmann/cel-js';
import { safeRegex, checkSafeRegex } from './safe-regex';

/** Most steps one evaluation may take (a step is about 10–50 ns: the budget is tens of milliseconds). */
const CEL_STEP_BUDGET = 1_000_000;
/** Deepest nesting of comprehensions (all, exists, exists_one, map, filter). */
export const CEL_MAX_NESTING = 3;
/** Parse-time limits of cel-js. */
const LIMITS = { maxAstNodes: 10_000, maxDepth: 100, maxListElements: 1000, maxMapEntries: 1000, maxCallArguments: 32 };

export type CelErrorCode = 'cel_error' | 'cel_budget';

export interface CelProblem {
  code: CelErrorCode;
  message: string;
}

export class CelEvaluationError extends Error {
  constructor(
    readonly expression: string,
    message: string,
    readonly code: CelErrorCode = 'cel_error',
  ) {
    super(`CEL \`${expression}\`: ${message}`);
    this.name = 'CelEvaluationError';
  }
}

class CelBudgetError extends Error {}

// ---- the metered environment ----

interface Node {
  op: string;
  args: unknown;
}
interface Evaluator {
  run(ast: Node, ctx: unknown): unknown;
  registry: { functionCandidates(receiver: boolean, name: string, args: number): { declarations: object[] } };
}

const meter = { steps: 0, budget: CEL_STEP_BUDGET };

/** Charges `n` steps; throws once the budget is spent (and on every later charge). */
function charge(n: number): void {
  meter.steps += n;
  if (meter.steps > meter.budget) throw new CelBudgetError('budget');
}

const sizeOf = (v: unknown): number => (typeof v === 'string' || Array.isArray(v) ? v.length : 0);
/** Nodes that may build a new string or list as large as their result. */
const BUILDS = new Set(['+', 'call', 'rcall']);

function safeMatches(text: string, pattern: string): boolean {
  charge(text.length >>> 3);
  return safeRegex(pattern).test(text);
}

function createEnvironment(): Environment {
  const env = new Environment({ unlistedVariablesAreDyn: true, limits: LIMITS });
  let ev: Evaluator | undefined;
  env.registerFunction('__switchyard_meter(): bool', function (this: Evaluator) {
    ev = this;
    return true;
  });
  env.evaluate('__switchyard_meter()', {});
  // list.contains(x): `x in list` as a method (graph tests: trace.tools_called.contains("search")).
  env.registerFunction('list.contains(dyn): bool', (list: unknown[], value: unknown) => {
    charge(list.length);
    return list.some((item) => celEquals(item, value));
  });
  if (!ev || typeof ev.run !== 'function' || !ev.registry) throw new Error('cel-js internals changed: cannot meter CEL');
  const run = ev.run;
  // Every node evaluation goes through run (loops included): count it.
  ev.run = function metered(this: Evaluator, ast: Node, ctx: unknown): unknown {
    charge(1);
    const out = run.call(this, ast, ctx);
    if (BUILDS.has(ast.op)) charge(sizeOf(out) >>> 4);
    return out;
  };
  // string.matches(string) on RE2 instead of the backtracking RegExp. Declarations are frozen: the
  // candidate list of this environment gets a copy whose handler differs.
  const candidates = ev.registry.functionCandidates(true, 'matches', 1);
  let swapped = 0;
  candidates.declarations = candidates.declarations.map((decl) => {
    swapped++;
    return Object.freeze(Object.create(decl, { handler: { value: safeMatches, enumerable: true } }));
  });
  if (swapped !== 1) throw new Error('cel-js internals changed: cannot replace matches()');
  return env;
}

/** Equality of CEL values (ints are bigints; maps may be Maps or plain objects). */
function celEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'bigint' || typeof b === 'bigint') return typeof a !== 'object' && typeof b !== 'object' && Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => celEquals(x, b[i]));
  const entries = (v: unknown) => (v instanceof Map ? [...v.entries()] : v && typeof v === 'object' ? Object.entries(v) : null);
  const ea = entries(a);
  const eb = entries(b);
  if (!ea || !eb || ea.length !== eb.length) return false;
  const mb = new Map(eb.map(([k, v]) => [String(k), v]));
  return ea.every(([k, v]) => mb.has(String(k)) && celEquals(v, mb.get(String(k))));
}

const env = createEnvironment();

// ---- compile-time checks ----

const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && 'op' in v && 'args' in v;

function children(node: Node): Node[] {
  const out: Node[] = [];
  const visit = (v: unknown): void => {
    if (isNode(v)) out.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
  };
  if (Array.isArray(node.args)) node.args.forEach(visit);
  else visit(node.args);
  return out;
}

/** `[receiver, body args]` when `node` is a comprehension macro (`list.all(x, p)` and friends). */
function macroParts(node: Node): [Node, Node[]] | null {
  if (node.op !== 'rcall' || !Array.isArray(node.args)) return null;
  const [name, receiver, args] = node.args as [unknown, unknown, unknown];
  if (typeof name !== 'string' || !MACROS.has(name) || !isNode(receiver) || !Array.isArray(args)) return null;
  if (args.length < 2 || args.length > 3) return null;
  return [receiver, args.filter(isNode)];
}

/** Literal size of a list or map, else 1 (unknown: the estimate stays a lower bound). */
function literalSize(node: Node): number {
  return (node.op === 'list' || node.op === 'map') && Array.isArray(node.args) ? node.args.length : 1;
}

interface Estimate {
  cost: number;
  nesting: number;
}

function estimate(node: Node): Estimate {
  const macro = macroParts(node);
  if (macro) {
    const [receiver, body] = macro;
    const r = estimate(receiver);
    let cost = 1;
    let nesting = 0;
    for (const b of body) {
      const e = estimate(b);
      cost += e.cost;
      nesting = Math.max(nesting, e.nesting);
    }
    return { cost: r.cost + literalSize(receiver) * cost, nesting: Math.max(r.nesting, nesting + 1) };
  }
  let cost = 1;
  let nesting = 0;
  for (const c of children(node)) {
    const e = estimate(c);
    cost += e.cost;
    nesting = Math.max(nesting, e.nesting);
  }
  return { cost: Math.min(cost, Number.MAX_SAFE_INTEGER), nesting };
}

/** Regex literals passed to matches() must compile on RE2. */
function badPattern(node: Node): string | null {
  if (node.op === 'rcall' && Array.isArray(node.args) && node.args[0] === 'matches') {
    const arg = (node.args[2] as unknown[] | undefined)?.[0];
    if (isNode(arg) && arg.op === 'value' && typeof arg.args === 'string') {
      const bad = checkSafeRegex(arg.args);
      if (bad) return `matches(): ${bad}`;
    }
  }
  for (const c of children(node)) {
    const bad = badPattern(c);
    if (bad) return bad;
  }
  return null;
}

class CelCompileError extends Error {
  constructor(
    message: string,
    readonly code: CelErrorCode,
  ) {
    super(message);
  }
}

function budgetProblem(ast: Node): string | null {
  const { cost, nesting } = estimate(ast);
  if (nesting > CEL_MAX_NESTING) {
    return `too costly: comprehensions (all, exists, exists_one, map, filter) nest ${nesting} deep; at most ${CEL_MAX_NESTING} are allowed`;
  }
  if (cost > CEL_STEP_BUDGET) {
    return `too costly: at least ${cost.toLocaleString('en-US')} evaluation steps (the budget is ${CEL_STEP_BUDGET.toLocaleString('en-US')})`;
  }
  return null;
}

type Compiled = ReturnType<typeof env.parse>;
const cache = new Map<string, Compiled | CelCompileError>();
const CACHE_MAX = 2000;

/** First line of a cel-js error (the rest is a caret drawing). */
function firstLine(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.split('\n')[0].trim();
}

function compileUncached(expr: string): Compiled | CelCompileError {
  let fn: Compiled;
  try {
    fn = env.parse(expr);
  } catch (err) {
    return new CelCompileError(firstLine(err), 'cel_error');
  }
  const ast = fn.ast as unknown as Node;
  const budget = budgetProblem(ast);
  if (budget) return new CelCompileError(budget, 'cel_budget');
  const regex = badPattern(ast);
  if (regex) return new CelCompileError(regex, 'cel_error');
  return fn;
}

function compile(expr: string): Compiled {
  let fn = cache.get(expr);
  if (!fn) {
    fn = compileUncached(expr);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(expr, fn);
  }
  if (fn instanceof CelCompileError) throw fn;
  return fn;
}

/** null when the expression compiles (and fits the limits), otherwise what is wrong. */
export function checkCel(expr: string): CelProblem | null {
  try {
    compile(expr);
    return null;
  } catch (err) {
    return err instanceof CelCompileError ? { code: err.code, message: err.message } : { code: 'cel_error', message: firstLine(err) };
  }
}
/** JS values into CEL: whole numbers become ints so `state.count + 1` works. */
function toCel(value: unknown, depth = 0): unknown {
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
function fromCel(value: unknown, depth = 0): unknown {
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

// ---- lazy activation: only what an expression reads is converted ----

/** Per variable: the fields it is read at (`state.x`, `state["x"]`), or `all` when used otherwise. */
type Usage = Map<string, Set<string> | 'all'>;
const usages = new WeakMap<object, Usage>();

function fieldAccess(node: Node): [string, string] | null {
  if ((node.op !== '.' && node.op !== '[]') || !Array.isArray(node.args)) return null;
  const [target, field] = node.args as [unknown, unknown];
  if (!isNode(target) || target.op !== 'id' || typeof target.args !== 'string') return null;
  const name = node.op === '.' ? field : isNode(field) && field.op === 'value' ? field.args : undefined;
  return typeof name === 'string' ? [target.args, name] : null;
}

/** The variables (and their fields) an expression reads, from its syntax tree. */
function readsOf(ast: Node): Usage {
  const usage: Usage = new Map();
  const visit = (node: Node): void => {
    const access = fieldAccess(node);
    if (access) {
      const [name, field] = access;
      const seen = usage.get(name);
      if (seen === undefined) usage.set(name, new Set([field]));
      else if (seen !== 'all') seen.add(field);
      return;
    }
    if (node.op === 'id' && typeof node.args === 'string') {
      usage.set(node.args, 'all');
      return;
    }
    for (const c of children(node)) visit(c);
  };
  visit(ast);
  return usage;
}

function usageOf(fn: Compiled): Usage {
  let u = usages.get(fn);
  if (!u) {
    u = readsOf(fn.ast as unknown as Node);
    usages.set(fn, u);
  }
  return u;
}

/** The CEL activation of `vars`: only the variables and fields the expression reads are converted. */
function activation(vars: Record<string, unknown>, usage: Usage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, use] of usage) {
    if (!Object.hasOwn(vars, name)) continue;
    const value = vars[name];
    if (value === undefined) continue;
    if (use === 'all' || !value || typeof value !== 'object' || Array.isArray(value) || value instanceof Uint8Array) {
      out[name] = toCel(value, 1);
      continue;
    }
    const obj = value as Record<string, unknown>;
    const part: Record<string, unknown> = {};
    for (const field of use) if (Object.hasOwn(obj, field) && obj[field] !== undefined) part[field] = toCel(obj[field], 2);
    out[name] = part;
  }
  return out;
}

/**
 * Evaluates `expr` over `vars`; throws CelEvaluationError with a one-line message
 * (code `cel_budget` when the expression is too costly, at compile time or after `budget` steps).
 */
export function evaluateCel(expr: string, vars: Record<string, unknown>, budget = CEL_STEP_BUDGET): unknown {
  let fn: Compiled;
  try {
    fn = compile(expr);
  } catch (err) {
    throw err instanceof CelCompileError
      ? new CelEvaluationError(expr, err.message, err.code)
      : new CelEvaluationError(expr, firstLine(err));
  }
  meter.steps = 0;
  meter.budget = budget;
  let out: unknown;
  let failure: unknown;
  try {
    out = fn(activation(vars, usageOf(fn)));
  } catch (err) {
    failure = err;
  }
  // Checked after the call too: a quantifier may swallow the budget error as one of its errors.
  if (meter.steps > meter.budget) {
    throw new CelEvaluationError(
      expr,
      `stopped after ${budget.toLocaleString('en-US')} steps (the CEL budget): loop over less data or nest fewer comprehensions`,
      'cel_budget',
    );
  }
  if (failure !== undefined) throw new CelEvaluationError(expr, firstLine(failure));
  return fromCel(out);
}

/** A condition: must evaluate to a boolean. */
export function evaluateCondition(expr: string, vars: Record<string, unknown>): boolean {
  const v = evaluateCel(expr, vars);
  if (typeof v !== 'boolean') throw new CelEvaluationError(expr, `must give a bool, gave ${JSON.stringify(v)}`);
  return v;
}
