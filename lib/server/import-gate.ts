/**
 * Bounded YAML imports (issue 11 item 4), and JSON saves of a whole graph document bounded the same
 * way (./graph-json-body.ts):
 * - The body is read as a stream and refused past SWITCHYARD_MAX_IMPORT_BYTES (default 1 MiB): 413.
 * - At most SWITCHYARD_MAX_CONCURRENT_IMPORTS imports and large saves (default 2) are parsed at a
 *   time; one more is refused at once, not queued: 429 `rate_limited` with `Retry-After: 1`. The
 *   slot is taken after the body is read, so the count bounds the costly part (a parse holds about
 *   250 times its text in memory), and a slow client cannot hold one.
 * - The parse of anything larger than INLINE_PARSE_CHARS (a YAML import, capped at MAX_YAML_NODES
 *   nodes; a JSON body with its document's check) runs in a worker thread (./import-worker.ts: heap
 *   and time limits, 422 past them), so the server keeps answering while it works (a 909 KB
 *   document takes over a second as YAML, about 200 ms as JSON).
 */
import { AppError } from '@/lib/errors';
import { contextOf, type ConfiguredNames } from '@/lib/graph/validate-tools';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { readBytes, sizeText } from './body-bytes';
import { withWarningsJson, type DocumentCheck, type JsonText } from './document-check';
import { parseOffThread } from './import-worker';
import { readCheckAnswer } from './parse-jobs';

export const DEFAULT_MAX_IMPORT_BYTES = 1024 * 1024;
export const DEFAULT_MAX_CONCURRENT_IMPORTS = 2;
/** Texts up to this many characters (JSON bodies: bytes) parse on the event loop (tens of milliseconds at most). */
export const INLINE_PARSE_CHARS = 32 * 1024;

type Env = Record<string, string | undefined>;

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw?.trim() || NaN);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export interface ImportLimits {
  maxBytes: number;
  maxConcurrent: number;
}

/** The caps from the environment (a missing or bad value is the default). */
export function importLimits(env: Env = process.env): ImportLimits {
  return {
    maxBytes: positiveInt(env.SWITCHYARD_MAX_IMPORT_BYTES, DEFAULT_MAX_IMPORT_BYTES),
    maxConcurrent: positiveInt(env.SWITCHYARD_MAX_CONCURRENT_IMPORTS, DEFAULT_MAX_CONCURRENT_IMPORTS),
  };
}

/** The import body (`what`: how the 413 names it), at most `maxBytes` (413 naming the limit and SWITCHYARD_MAX_IMPORT_BYTES). */
export async function readImportBody(req: Request, { maxBytes }: ImportLimits, what = 'the import'): Promise<Uint8Array> {
  try {
    return await readBytes(req, maxBytes);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'payload_too_large') throw err;
    const message = `${what} is larger than ${sizeText(maxBytes)} (SWITCHYARD_MAX_IMPORT_BYTES=${maxBytes})`;
    throw new AppError('payload_too_large', message, { max_bytes: maxBytes });
  }
}

const KEY = Symbol.for('switchyard.import-gate');
/** `imports`: YAML imports and large graph saves; `bodies`: other large JSON request bodies (./json-off-thread.ts). */
export type SlotPool = 'imports' | 'bodies';
type G = typeof globalThis & { [KEY]?: { active: number; bodies?: number } };
const slots = () => ((globalThis as G)[KEY] ??= { active: 0 });

/** Imports and large saves running now (tests); `pool`: the other pool's. */
export function activeImports(pool: SlotPool = 'imports'): number {
  const s = slots();
  return pool === 'imports' ? s.active : (s.bodies ?? 0);
}

/**
 * Runs `fn` in a slot of `pool` (imports and large saves share theirs); 429 with Retry-After when all
 * `maxConcurrent` are taken, naming `what` runs too many and `setting`, the variable that sets it.
 */
export async function withImportSlot<T>({ maxConcurrent }: Partial<ImportLimits> & { maxConcurrent: number }, fn: () => Promise<T>, what = 'imports', pool: SlotPool = 'imports', setting = 'SWITCHYARD_MAX_CONCURRENT_IMPORTS'): Promise<T> {
  const s = slots();
  const active = () => (pool === 'imports' ? s.active : (s.bodies ?? 0));
  const add = (n: number) => (pool === 'imports' ? (s.active += n) : (s.bodies = (s.bodies ?? 0) + n));
  if (active() >= maxConcurrent) {
    const message = `too many ${what} at once: ${maxConcurrent} may run at a time (${setting}); try again in 1 s`;
    throw new AppError('rate_limited', message, { retry_after_s: 1, max_concurrent: maxConcurrent });
  }
  add(1);
  try {
    return await fn();
  } finally {
    add(-1);
  }
}

/**
 * parseGraphYaml with the import's size cap and the operator's configuration (as names); large
 * texts off the event loop (./import-worker.ts).
 */
export async function parseImportYaml(text: string, { maxBytes }: ImportLimits, names: ConfiguredNames): Promise<DocumentCheck> {
  if (text.length <= INLINE_PARSE_CHARS) return withWarningsJson(parseGraphYaml(text, { maxBytes, context: contextOf(names) }));
  const r = await parseOffThread({ kind: 'yaml', text, maxBytes, names });
  return r.ok ? readCheckAnswer(r.answer) : { ok: false, errors: [r.problem] };
}

/**
 * A JSON answer with `warnings` (JSON text) spliced in after the fields of `data` and before those
 * of `rest`: a large list is neither parsed nor serialized again on this thread.
 */
export function jsonWithWarnings(data: Record<string, unknown>, warningsJson: JsonText, init: ResponseInit, rest: Record<string, unknown> = {}): Response {
  const head = JSON.stringify(data);
  const tail = JSON.stringify(rest);
  const body = new Blob([`${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"warnings":`, warningsJson, tail.length > 2 ? `,${tail.slice(1)}` : '}']);
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(body, { ...init, headers });
}
