/**
 * Checks a graph document given as a JS value (JSON API bodies, the editor):
 * forbidden keys, format version (+ migration), the zod schema, then validateGraph.
 */
import { zodProblems } from './document-issues';
import { VALUE_ISSUE_CODES, type Problem } from './problems';
import { GraphDocument } from './schema';
import { validateGraph, type ValidationContext } from './validate';
import { problem, type PathPart } from './validate-problem';
import { checkVersion, migrate } from './versions';

export type CheckResult =
  | { ok: true; doc: GraphDocument; warnings: Problem[] }
  | { ok: false; errors: Problem[] };

/** Keys that can reach Object.prototype when a document is copied or merged carelessly. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper than this is not a graph document. */
export const MAX_DEPTH = 64;

/**
 * Walks `value` iteratively (no recursion, so no stack overflow on hostile input) and reports
 * forbidden keys and nesting deeper than MAX_DEPTH.
 */
export function checkPlainData(value: unknown): Problem[] {
  const out: Problem[] = [];
  const stack: { v: unknown; path: PathPart[] }[] = [{ v: value, path: [] }];
  const seen = new Set<object>();
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (seen.has(v)) continue;
    seen.add(v);
    if (path.length >= MAX_DEPTH) {
      out.push(problem('error', 'too_deep', path, `nested more than ${MAX_DEPTH} levels deep`));
      continue;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      if (FORBIDDEN_KEYS.has(k)) {
        out.push(problem('error', 'forbidden_key', [...path, k], `key "${k}" is not allowed`));
        continue;
      }
      stack.push({ v: (v as Record<string, unknown>)[k], path: [...path, k] });
    }
  }
  return out;
}

/**
 * Version, migration, schema and validation of a value already known to be plain, safe data.
 * `ctx`: the operator's configuration when the server saves the graph (validateGraph).
 */
export function checkGraphValue(input: unknown, ctx?: ValidationContext): CheckResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: [problem('error', 'not_a_mapping', [], 'a graph document must be a mapping of fields')] };
  }
  const raw = input as Record<string, unknown>;
  const version = checkVersion(Object.hasOwn(raw, 'switchyard') ? raw.switchyard : undefined);
  if (!version.ok) return { ok: false, errors: [problem('error', 'unknown_version', ['switchyard'], version.message)] };
  const current = migrate(raw, version.version);
  const parsed = GraphDocument.safeParse(current);
  if (!parsed.success) {
    const errors = zodProblems(parsed.error, current);
    return { ok: false, errors: [...errors, ...graphErrorsBeside(current, parsed.error.issues, errors, ctx)] };
  }
  const { errors, warnings } = validateGraph(parsed.data, ctx);
  if (errors.length) return { ok: false, errors };
  return { ok: true, doc: parsed.data, warnings };
}

const within = (path: string, at: string) => at === '' || path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);

/**
 * The graph rules' errors (edges, CEL, references...) of a document that failed the schema only by
 * its values, so every error is reported at once (a bad name and a bad condition together), except
 * those at or under a path the schema already faults. Never throws: on a shape the rules cannot
 * read, only the schema's errors are reported.
 */
function graphErrorsBeside(doc: unknown, issues: readonly { code: string }[], schemaErrors: Problem[], ctx?: ValidationContext): Problem[] {
  // Another issue (a wrong type, a union no branch of which matches, a missing field): the rules' findings would be noise.
  if (!issues.every((i) => VALUE_ISSUE_CODES.has(i.code))) return [];
  try {
    const faulted = schemaErrors.map((e) => e.path);
    return validateGraph(doc as GraphDocument, ctx).errors.filter((e) => !faulted.some((at) => within(e.path, at)));
  } catch {
    return [];
  }
}

/** For JSON input: rejects `__proto__` / `constructor` / `prototype` keys anywhere, then checks the graph. */
export function checkGraphDocument(input: unknown, ctx?: ValidationContext): CheckResult {
  try {
    const unsafe = checkPlainData(input);
    if (unsafe.length) return { ok: false, errors: unsafe };
    return checkGraphValue(input, ctx);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    return { ok: false, errors: [problem('error', 'internal', [], `could not check the document: ${msg}`)] };
  }
}
