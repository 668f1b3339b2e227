/**
 * JSON Schema validation for structured output and the `json_schema` guard, on Ajv (draft-07
 * vocabulary, every error collected). A schema's `pattern`s run on RE2 (re2js, linear time), like
 * every regular expression a graph brings (lib/graph/safe-regex.ts): a schema cannot freeze the
 * server with `^(a+)+$`. Compiled validators are cached by schema text. Pure.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { safeRegex } from '../graph/safe-regex';

const re2: ((pattern: string, flags: string) => { test(s: string): boolean }) & { code?: string } = (pattern) => {
  const re = safeRegex(pattern);
  return { test: (s) => re.test(s) };
};

const ajv = new Ajv({ allErrors: true, strict: false, code: { regExp: re2 as never } });

const cache = new Map<string, ValidateFunction | string>();
const CACHE_MAX = 200;
const MAX_ERRORS = 10;

/** The validator of `schema`, or why it is not a usable JSON Schema (one line). */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction | string {
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit) return hit;
  let out: ValidateFunction | string;
  try {
    out = ajv.compile(schema);
  } catch (err) {
    out = `not a valid JSON Schema: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, out);
  return out;
}

/** What is wrong with `value` against `schema` (empty: it matches); a bad schema is one error. */
export function schemaErrors(schema: Record<string, unknown>, value: unknown): string[] {
  const validate = compileSchema(schema);
  if (typeof validate === 'string') return [validate];
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, MAX_ERRORS).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'does not match'}`.trim());
}

/** JSON out of a model's reply: the whole text, or the inside of a ```json fence around it. */
export function parseJsonReply(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  try {
    return { ok: true, value: JSON.parse(fenced ? fenced[1] : trimmed) };
  } catch (err) {
    return { ok: false, error: `the reply is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}
