/**
 * The YAML codec of the graph document.
 *
 * parseGraphYaml: safety checks on the text and its CST (size, binary, one document, no tags,
 * anchors, aliases, directives, bounded depth and node count), then composition with unique keys and no merge keys,
 * forbidden keys, the format version, the zod schema and validateGraph. Every problem gets a path
 * and a line/col. It never throws.
 */
import { Composer, isMap, isPair, isScalar, isSeq, LineCounter, type Document } from 'yaml';
import { checkGraphValue, FORBIDDEN_KEYS } from './document';
import type { Problem } from './problems';
import type { GraphDocument } from './schema';
import type { ValidationContext } from './validate';
import { problem, type PathPart } from './validate-problem';
import { locate } from './yaml-locate';
import { parseCst, scanText, scanTokens } from './yaml-scan';

export { stringifyGraph } from './yaml-stringify';

export type ParseResult = { ok: true; doc: GraphDocument; warnings: Problem[] } | { ok: false; errors: Problem[] };

function at(lines: LineCounter, offset: number): { line: number; col: number } {
  const pos = lines.linePos(offset);
  return pos.line > 0 ? { line: pos.line, col: pos.col } : { line: 1, col: 1 };
}

/** The key text at `offset` (quoted, or plain up to the `:`), for messages. */
function keySource(text: string, offset: number): string {
  const rest = text.slice(offset, offset + 100);
  const m = /^("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^:\n,{}[\]]*)/.exec(rest);
  return (m?.[1] ?? '').trim();
}

function fail(errors: Problem[]): ParseResult {
  return { ok: false, errors };
}

/**
 * Keys that could pollute prototypes or smuggle in merge semantics; non-scalar keys; duplicate keys
 * (checked here with a Set per mapping: the yaml library's uniqueKeys check is quadratic).
 */
function scanKeys(doc: Document, text: string, lines: LineCounter): Problem[] {
  const out: Problem[] = [];
  const stack: { node: unknown; path: PathPart[] }[] = [{ node: doc.contents, path: [] }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (isSeq(node)) node.items.forEach((item, i) => stack.push({ node: item, path: [...path, i] }));
    if (!isMap(node)) continue;
    const seen = new Set<string>();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = pair.key;
      const offset = (key as { range?: [number, number] } | null)?.range?.[0] ?? 0;
      if (!isScalar(key)) {
        out.push({ ...problem('error', 'yaml_complex_key', path, 'mapping keys must be plain scalars'), ...at(lines, offset) });
        continue;
      }
      const name = String(key.value);
      if (seen.has(name)) {
        const message = `duplicate key ${JSON.stringify(keySource(text, offset))}: keys must be unique`;
        out.push({ ...problem('error', 'yaml_duplicate_key', [...path, name], message), ...at(lines, offset) });
        continue;
      }
      seen.add(name);
      if (name === '<<') {
        out.push({ ...problem('error', 'yaml_merge_key', [...path, name], 'merge keys (<<) are not allowed'), ...at(lines, offset) });
      } else if (FORBIDDEN_KEYS.has(name)) {
        out.push({ ...problem('error', 'forbidden_key', [...path, name], `key "${name}" is not allowed`), ...at(lines, offset) });
      } else stack.push({ node: pair.value, path: [...path, name] });
    }
  }
  return out;
}

export interface ParseOptions {
  /** Size cap in UTF-8 bytes (default MAX_YAML_BYTES, 1 MiB). */
  maxBytes?: number;
  /** The operator's configuration, when the server imports the graph (validateGraph checks the names tools give). */
  context?: ValidationContext;
}

function parseUnsafe(text: string, opts: ParseOptions): ParseResult {
  const lines = new LineCounter();
  const pos = (offset: number) => at(lines, offset);
  const early = scanText(text, opts.maxBytes);
  if (early) {
    if (early.code !== 'too_large') {
      lines.addNewLine(0);
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
    }
    return fail([{ ...problem('error', early.code, [], early.message), ...(early.code === 'too_large' ? {} : pos(early.offset)) }]);
  }

  const cst = parseCst(text, lines.addNewLine);
  if (!cst.ok) return fail([{ ...problem('error', cst.finding.code, [], cst.finding.message), ...pos(cst.finding.offset) }]);
  const tokens = cst.tokens;
  const findings = scanTokens(tokens);
  if (findings.length) return fail(findings.map((f) => ({ ...problem('error', f.code, [], f.message), ...pos(f.offset) })));

  const composer = new Composer({ uniqueKeys: false, merge: false, stringKeys: false, prettyErrors: false, version: '1.2' });
  const docs = [...composer.compose(tokens, true, text.length)];
  const doc = docs[0];
  if (!doc) return fail([problem('error', 'empty', [], 'the file is empty')]);
  if (doc.errors.length) {
    return fail(doc.errors.map((e) => ({ ...problem('error', 'yaml_syntax', [], e.message), ...pos(e.pos[0]) })));
  }
  const badKeys = scanKeys(doc, text, lines);
  if (badKeys.length) return fail(badKeys);
  if (doc.contents === null) return fail([{ ...problem('error', 'empty', [], 'the file holds no document'), line: 1, col: 1 }]);

  const value: unknown = doc.toJS({ maxAliasCount: 0 });
  const checked = checkGraphValue(value, opts.context);
  const place = (p: Problem): Problem => ({ ...p, ...pos(locate(doc, p.path)) });
  return checked.ok
    ? { ok: true, doc: checked.doc, warnings: checked.warnings.map(place) }
    : { ok: false, errors: checked.errors.map(place) };
}

/** Parses, checks and validates a graph document from YAML text. Never throws. */
export function parseGraphYaml(text: string, opts: ParseOptions = {}): ParseResult {
  try {
    if (typeof text !== 'string') return fail([problem('error', 'not_text', [], 'expected YAML text')]);
    return parseUnsafe(text, opts);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    return fail([problem('error', 'yaml_syntax', [], `could not read the YAML: ${msg}`)]);
  }
}
