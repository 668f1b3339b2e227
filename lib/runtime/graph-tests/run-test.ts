/**
 * Runs graph tests (issue 13): each test runs the engine in-process on scripted ports (model replies
 * per node, tool stubs, or a cassette of recorded calls; no network), then evaluates its CEL
 * assertions over the outcome and the trace (test-vars.ts). Used by the CLI (`switchyard test`) and
 * by POST /api/graphs/:id/tests/run.
 */
import { runGraph } from '@/lib/engine';
import type { GraphLoader, JournalPort, PricePort } from '@/lib/engine/ports';
import type { Checkpoint, TraceEventInput } from '@/lib/contracts/trace';
import { CelEvaluationError, evaluateCel } from '@/lib/graph/cel';
import type { GraphDocument } from '@/lib/graph/schema';
import { assertionText, type GraphTest, type GraphTestFile } from '@/lib/graph/test-schema';
import { cassetteJournal, type CassetteCall } from '../cassette';
import { scriptedModelPort, stubbedToolPort } from './scripted-ports';
import { testVars, type TestVars } from './test-vars';

export interface AssertionResult {
  name: string;
  expr: string;
  passed: boolean;
  /** Why it failed: the value it gave, or the CEL error. */
  message?: string;
}

export interface TestResult {
  name: string;
  passed: boolean;
  status: TestVars['status'];
  error: TestVars['error'];
  output: unknown;
  usage: TestVars['usage'];
  assertions: AssertionResult[];
  /** Set when the test could not run at all (e.g. its cassette is missing). */
  setup_error?: string;
}

export interface TestEnv {
  /** Saved graphs or sibling files by name, for subgraph nodes. */
  graphs?: GraphLoader;
  /** A cassette by the test's `cassette:` reference (a file, or a recorded run on a server). */
  loadCassette?: (ref: string) => Promise<CassetteCall[]>;
  prices?: PricePort;
  /** Longest a test may run (ms); default 30 s. */
  timeoutMs?: number;
}

const EMPTY_USAGE: TestVars['usage'] = { input_tokens: 0, output_tokens: 0, total_tokens: 0, cost_usd: 0, model_calls: 0 };

function short(v: unknown, max = 300): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** The left operand of a top-level comparison (outside strings and brackets), if there is one. */
function leftOperand(expr: string): string | null {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && /^(==|!=|<=|>=|<|>|&&|\|\|| in )/.test(expr.slice(i, i + 4))) {
      return /^(&&|\|\|)/.test(expr.slice(i, i + 2)) ? null : expr.slice(0, i).trim() || null;
    }
  }
  return null;
}

/** `; left side: <value>` for a false comparison, so the report shows what the run gave. */
function leftSide(expr: string, vars: TestVars): string {
  const left = leftOperand(expr);
  if (!left) return '';
  try {
    return ` (${left} is ${short(evaluateCel(left, vars as unknown as Record<string, unknown>))})`;
  } catch {
    return '';
  }
}

export function evaluateAssertions(test: Pick<GraphTest, 'assert'>, vars: TestVars): AssertionResult[] {
  return test.assert.map((a) => {
    const { expr, name } = assertionText(a);
    try {
      const v = evaluateCel(expr, vars as unknown as Record<string, unknown>);
      if (v === true) return { name, expr, passed: true };
      return { name, expr, passed: false, message: typeof v === 'boolean' ? `was false${leftSide(expr, vars)}` : `gave ${short(v)}, not a bool` };
    } catch (err) {
      return { name, expr, passed: false, message: err instanceof CelEvaluationError ? err.message : String(err) };
    }
  });
}

export async function runGraphTest(doc: GraphDocument, test: GraphTest, env: TestEnv = {}): Promise<TestResult> {
  let journal: JournalPort | undefined;
  if (test.cassette) {
    try {
      if (!env.loadCassette) throw new Error('cassettes cannot be loaded here');
      journal = cassetteJournal(await env.loadCassette(test.cassette));
    } catch (err) {
      const message = `cassette "${test.cassette}": ${err instanceof Error ? err.message : String(err)}`;
      return { name: test.name, passed: false, status: 'failed', error: { code: 'cassette', message }, output: null, usage: EMPTY_USAGE, assertions: [], setup_error: message };
    }
  }
  const events: TraceEventInput[] = [];
  let last: Checkpoint | undefined;
  let ids = 0;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), env.timeoutMs ?? 30_000);
  timer.unref?.();
  try {
    const outcome = await runGraph({
      runId: `test-${test.name}`,
      doc,
      input: test.input ?? '',
      ...(test.inputs ? { inputs: test.inputs } : {}),
      ports: {
        model: scriptedModelPort(test.replies ?? {}),
        tools: stubbedToolPort(test.tools ?? {}),
        graphs: env.graphs ?? { load: async (name) => Promise.reject(new Error(`graph "${name}" is not available to this test`)) },
        clock: { now: () => Date.now() },
        emit: (e) => void events.push(e),
        checkpoint: (cp) => void (last = cp),
        ...(journal ? { journal } : {}),
        ...(env.prices ? { prices: env.prices } : {}),
        signal: controller.signal,
        newId: () => `span${++ids}`,
      },
    });
    const vars = testVars(doc, outcome, events, last);
    const assertions = evaluateAssertions(test, vars);
    return { name: test.name, passed: assertions.every((a) => a.passed), status: vars.status, error: vars.error, output: vars.output, usage: vars.usage, assertions };
  } finally {
    clearTimeout(timer);
  }
}

export async function runGraphTestFile(doc: GraphDocument, file: GraphTestFile, env: TestEnv = {}): Promise<TestResult[]> {
  const out: TestResult[] = [];
  for (const t of file.tests) out.push(await runGraphTest(doc, t, env));
  return out;
}
