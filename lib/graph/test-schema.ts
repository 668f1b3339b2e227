/**
 * Graph tests (issue 13): the `*.test.yaml` format. A test file names its graph (`graph:`, a path
 * relative to the test file; default: `<name>.yaml` beside `<name>.test.yaml`) and holds tests, each
 * with an input, scripted model replies per node (or a recorded cassette), tool stubs, and
 * assertions: CEL expressions over `output`, `state`, `status`, `error`, `usage` and `trace`.
 * The JSON Schema served at GET /api/schema?kind=test is generated from this zod schema.
 * Pure: parsing is safe YAML (the graph codec's checks), never I/O.
 */
import { Composer, LineCounter } from 'yaml';
import { z } from 'zod';
import { checkCel } from './cel';
import { zodProblems } from './document-issues';
import type { Problem } from './problems';
import { CelExpression, Identifier } from './schema';
import { problem } from './validate-problem';
import { locate } from './yaml-locate';
import { parseCst, scanText, scanTokens } from './yaml-scan';

const JsonObject = z.record(z.string(), z.unknown());

export const ScriptedToolCall = z.strictObject({
  name: z.string().min(1).max(200),
  /** An object (sent as JSON) or the raw argument text. */
  arguments: z.union([JsonObject, z.string()]).optional(),
  id: z.string().max(200).optional(),
});

/** One model reply: its text, or a turn with tool calls (and optional token usage to report). */
export const ScriptedReply = z.union([
  z.string().max(100_000),
  z.strictObject({
    content: z.string().max(100_000).nullable().optional(),
    tool_calls: z.array(ScriptedToolCall).max(50).optional(),
    usage: z.strictObject({ input: z.number().int().min(0), output: z.number().int().min(0) }).optional(),
    finish_reason: z.string().max(50).optional(),
  }),
]);
export type ScriptedReply = z.infer<typeof ScriptedReply>;

/** A tool's stubbed result: its output text (or any JSON, given as JSON text), or an error. */
export const ToolStub = z.union([
  z.string().max(1_000_000),
  z.strictObject({ output: z.unknown() }),
  z.strictObject({ error: z.string().max(10_000) }),
]);
export type ToolStub = z.infer<typeof ToolStub>;

/** A CEL expression that must be true, or one with a name for the report. */
export const Assertion = z.union([CelExpression, z.strictObject({ expr: CelExpression, name: z.string().max(200).optional() })]);
export type Assertion = z.infer<typeof Assertion>;

export const GraphTest = z.strictObject({
  name: z.string().min(1).max(200),
  /** The question (state.input and the first user message). */
  input: z.string().max(100_000).optional(),
  /** Extra state channel values, as for a run. */
  inputs: JsonObject.optional(),
  /** Per node id: its model replies, in order. A call with no reply left fails the run. */
  replies: z.record(Identifier, z.array(ScriptedReply).max(1000)).optional(),
  /**
   * Recorded model and tool calls to replay (a JSON file of a run's calls, relative to the test
   * file): a call whose node and request match a recording gets its result. With `replies` too,
   * calls the cassette does not answer get the scripted replies.
   */
  cassette: z.string().min(1).max(1000).optional(),
  /** Per tool name: the stubbed result. A tool without a stub fails (no network in tests); `calculator` runs for real. */
  tools: z.record(Identifier, ToolStub).optional(),
  assert: z.array(Assertion).min(1).max(200),
});
export type GraphTest = z.infer<typeof GraphTest>;

export const GraphTestFile = z.strictObject({
  /** The graph under test, relative to this file; default: `<name>.yaml` for `<name>.test.yaml`. */
  graph: z.string().min(1).max(1000).optional(),
  tests: z.array(GraphTest).min(1).max(500),
});
export type GraphTestFile = z.infer<typeof GraphTestFile>;

export function assertionText(a: Assertion): { expr: string; name: string } {
  return typeof a === 'string' ? { expr: a, name: a } : { expr: a.expr, name: a.name ?? a.expr };
}

/** The graph file a test file names, relative to the test file's directory (or implied by its name). */
export function graphFileOf(testFileName: string, file: Pick<GraphTestFile, 'graph'>): string | null {
  if (file.graph) return file.graph;
  const base = testFileName.split(/[\\/]/).pop() ?? testFileName;
  return /\.test\.ya?ml$/.test(base) ? `./${base.replace(/\.test\.(ya?ml)$/, '.$1')}` : null;
}

export type TestParseResult = { ok: true; file: GraphTestFile } | { ok: false; errors: Problem[] };

/** Parses and checks a test file (safe YAML, the schema, each assertion compiles as CEL). Never throws. */
export function parseGraphTests(text: string): TestParseResult {
  try {
    return parseUnsafe(text);
  } catch (err) {
    return { ok: false, errors: [problem('error', 'yaml_syntax', [], `could not read the YAML: ${err instanceof Error ? err.message : String(err)}`)] };
  }
}

function parseUnsafe(text: string): TestParseResult {
  const lines = new LineCounter();
  const pos = (offset: number) => {
    const p = lines.linePos(offset);
    return p.line > 0 ? { line: p.line, col: p.col } : { line: 1, col: 1 };
  };
  const early = scanText(text);
  if (early) return { ok: false, errors: [problem('error', early.code, [], early.message)] };
  const cst = parseCst(text, lines.addNewLine);
  if (!cst.ok) return { ok: false, errors: [{ ...problem('error', cst.finding.code, [], cst.finding.message), ...pos(cst.finding.offset) }] };
  const findings = scanTokens(cst.tokens);
  if (findings.length) return { ok: false, errors: findings.map((f) => ({ ...problem('error', f.code, [], f.message), ...pos(f.offset) })) };
  const composer = new Composer({ uniqueKeys: true, merge: false, prettyErrors: false, version: '1.2' });
  const doc = [...composer.compose(cst.tokens, true, text.length)][0];
  if (!doc || doc.contents === null) return { ok: false, errors: [{ ...problem('error', 'empty', [], 'the file holds no tests'), line: 1, col: 1 }] };
  if (doc.errors.length) return { ok: false, errors: doc.errors.map((e) => ({ ...problem('error', 'yaml_syntax', [], e.message), ...pos(e.pos[0]) })) };
  const value: unknown = doc.toJS({ maxAliasCount: 0 });
  const place = (p: Problem): Problem => ({ ...p, ...pos(locate(doc, p.path)) });
  const parsed = GraphTestFile.safeParse(value);
  if (!parsed.success) return { ok: false, errors: zodProblems(parsed.error, value).map(place) };
  const errors: Problem[] = [];
  parsed.data.tests.forEach((t, i) => {
    t.assert.forEach((a, j) => {
      const bad = checkCel(assertionText(a).expr);
      const at = typeof a === 'string' ? ['tests', i, 'assert', j] : ['tests', i, 'assert', j, 'expr'];
      if (bad) errors.push(place(problem('error', bad.code === 'cel_budget' ? 'cel_budget' : 'cel_syntax', at, bad.message)));
    });
  });
  return errors.length ? { ok: false, errors } : { ok: true, file: parsed.data };
}

let cachedSchema: Record<string, unknown> | undefined;

/** The published JSON Schema of test files (GET /api/schema?kind=test). */
export function graphTestJsonSchema(): Record<string, unknown> {
  cachedSchema ??= {
    ...(z.toJSONSchema(GraphTestFile, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>),
    $id: 'https://switchyard.dev/schema/graph-test-v1.json',
    title: 'Switchyard graph tests',
    description: 'A *.test.yaml file: tests of one graph with scripted model replies per node, tool stubs and CEL assertions.',
  };
  return structuredClone(cachedSchema);
}
