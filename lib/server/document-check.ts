/**
 * The check of a graph document a request brings (a JSON save or a YAML import) against the
 * operator's configuration, given as names (plain data, so a worker thread can check with it too).
 */
import { checkGraphDocument, type CheckResult } from '@/lib/graph/document';
import type { Problem } from '@/lib/graph/problems';
import type { GraphDocument } from '@/lib/graph/schema';
import { contextOf, type ConfiguredNames } from '@/lib/graph/validate-tools';
import { withFetchedSpecs } from '@/lib/tools/openapi-spec-url';

/** JSON text, as a string or as its UTF-8 bytes. */
export type JsonText = string | Uint8Array<ArrayBuffer>;

/** A checked document; its warnings already JSON text, as the answer sends them (see jsonWithWarnings). */
export type DocumentCheck = { ok: true; doc: GraphDocument; warningsJson: JsonText } | { ok: false; errors: Problem[] };

/** A check's (or a YAML parse's) result with its warnings as JSON text. */
export function withWarningsJson(r: CheckResult): DocumentCheck {
  return r.ok ? { ok: true, doc: r.doc, warningsJson: JSON.stringify(r.warnings) } : r;
}

/** checkGraphDocument (forbidden keys, version, schema, graph rules, tools) with the operator's names. */
export function checkDocument(input: unknown, names: ConfiguredNames): DocumentCheck {
  return withWarningsJson(checkGraphDocument(input, contextOf(names)));
}

/**
 * openapi tools' spec_url fetched (guarded client) and stored into the document, which is then
 * checked: a failed fetch is the problem. `done`, the check of `doc` already made (in a worker), is
 * the answer when no spec was fetched; otherwise the document with its specs is checked here.
 */
export async function checkWithSpecs(doc: unknown, names: ConfiguredNames, done?: DocumentCheck): Promise<DocumentCheck> {
  const fetched = await withFetchedSpecs(doc);
  if (fetched.problems.length) return { ok: false, errors: fetched.problems };
  return done && fetched.doc === doc ? done : checkDocument(fetched.doc, names);
}
