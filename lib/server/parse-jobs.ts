/**
 * The two jobs of the parse worker (./import-worker.ts), as plain data both ways: a YAML import
 * parsed and checked, or a JSON request body read as readJson does (./body.ts) with the graph
 * document in its `document` field checked. The operator's configuration travels as names.
 * Answers are JSON text: documents and bodies in slices (./json-slices.ts), assembled on the
 * server's thread a slice per turn of its event loop; warnings as UTF-8 bytes, moved rather than
 * copied and spliced into the answer unparsed (40,000 warnings as objects took over 100 ms to
 * deserialize on the server's thread, and as long again to encode into the answer).
 */
import { AppError, type ErrorCode } from '@/lib/errors';
import { contextOf, type ConfiguredNames } from '@/lib/graph/validate-tools';
import type { Problem } from '@/lib/graph/problems';
import { parseGraphYaml } from '@/lib/graph/yaml';
import type { GraphDocument } from '@/lib/graph/schema';
import { jsonOfBytes } from './body-bytes';
import { checkDocument, withWarningsJson, type DocumentCheck } from './document-check';
import { assembleJson, sliceJson, type JsonSlice } from './json-slices';

/** `json` without `names`: a plain JSON request body (./json-off-thread.ts), its `document` (if any) not checked. */
export type ParseJob = { kind: 'yaml'; text: string; maxBytes: number; names: ConfiguredNames } | { kind: 'json'; bytes: Uint8Array; names?: ConfiguredNames };

/** A checked document as sent back; `sent`: the document as it came, when it failed (a JSON body's). */
export type CheckAnswer = { ok: true; doc: JsonSlice[]; warnings: Uint8Array<ArrayBuffer> } | { ok: false; errors: string; sent?: JsonSlice[] };

/**
 * A JSON body as sent back: readJson's 400, or the body's fields (`wrapped`: as `{ value }`, the body
 * not being an object) with `document` left null when it was checked (`check`).
 */
export type JsonAnswer =
  | { ok: false; refusal: { code: ErrorCode; message: string; details?: unknown } }
  | { ok: true; body: JsonSlice[]; wrapped: boolean; check: CheckAnswer | null };

export type AnswerOf<J extends ParseJob> = J extends { kind: 'yaml' } ? CheckAnswer : JsonAnswer;

/** What the worker posts: the answer, and the buffers to move with it. */
export interface Posted<A> {
  answer: A;
  transfer: ArrayBuffer[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkAnswer(r: DocumentCheck, sent?: Record<string, unknown>): Posted<CheckAnswer> {
  if (!r.ok) return { answer: { ok: false, errors: JSON.stringify(r.errors), ...(sent ? { sent: sliceJson(sent) } : {}) }, transfer: [] };
  const warnings = typeof r.warningsJson === 'string' ? new TextEncoder().encode(r.warningsJson) : r.warningsJson;
  return { answer: { ok: true, doc: sliceJson(r.doc), warnings }, transfer: [warnings.buffer] };
}

function jsonJob(bytes: Uint8Array, names: ConfiguredNames | undefined): Posted<JsonAnswer> {
  let value: unknown;
  try {
    value = jsonOfBytes(bytes);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { answer: { ok: false, refusal: { code: err.code, message: err.message, details: err.details } }, transfer: [] };
  }
  if (!isObject(value)) return { answer: { ok: true, body: sliceJson({ value }), wrapped: true, check: null }, transfer: [] };
  if (!names || !isObject(value.document)) return { answer: { ok: true, body: sliceJson(value), wrapped: false, check: null }, transfer: [] };
  const check = checkAnswer(checkDocument(value.document, names), value.document);
  return { answer: { ok: true, body: sliceJson({ ...value, document: null }), wrapped: false, check: check.answer }, transfer: check.transfer };
}

/** Does `job` (in the worker, or on the server's thread when no worker can start). */
export function runParseJob<J extends ParseJob>(job: J): Posted<AnswerOf<J>> {
  const posted = job.kind === 'yaml' ? checkAnswer(withWarningsJson(parseGraphYaml(job.text, { maxBytes: job.maxBytes, context: contextOf(job.names) }))) : jsonJob(job.bytes, job.names);
  return posted as Posted<AnswerOf<J>>;
}

/** A CheckAnswer read back, the document assembled a slice at a time. */
export async function readCheckAnswer(a: CheckAnswer): Promise<DocumentCheck> {
  if (!a.ok) return { ok: false, errors: JSON.parse(a.errors) as Problem[] };
  return { ok: true, doc: (await assembleJson(a.doc)) as GraphDocument, warningsJson: a.warnings };
}

/**
 * A JsonAnswer read back: readJson's 400 thrown again; else the body's value, its `document` the
 * checked document when the check passed, else the document as sent, with that check.
 */
export async function readJsonAnswer(a: JsonAnswer): Promise<{ value: unknown; checked?: DocumentCheck }> {
  if (!a.ok) throw new AppError(a.refusal.code, a.refusal.message, a.refusal.details);
  const fields = await assembleJson(a.body);
  if (a.wrapped) return { value: fields.value };
  if (!a.check) return { value: fields };
  const { check } = a;
  const checked = await readCheckAnswer(check);
  if (checked.ok) fields.document = checked.doc;
  else if (!check.ok && check.sent) fields.document = await assembleJson(check.sent);
  return { value: fields, checked };
}
