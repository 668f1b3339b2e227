/**
 * Bounded YAML imports (issue 11 item 4).
 * - The body is read as a stream and refused past SWITCHYARD_MAX_IMPORT_BYTES (default 1 MiB): 413.
 * - At most SWITCHYARD_MAX_CONCURRENT_IMPORTS imports (default 2) are parsed and stored at a time;
 *   one more is refused at once, not queued: 429 `rate_limited` with `Retry-After: 1`. The slot is
 *   taken after the body is read, so the count bounds the costly part (a parse holds about 250 times
 *   its text in memory), and a slow client cannot hold one.
 * - The parse (lib/graph/yaml.ts, itself capped at MAX_YAML_NODES nodes) of anything larger than
 *   INLINE_PARSE_CHARS runs in a worker thread (./import-worker.ts: heap and time limits, 422 past
 *   them), so the server keeps answering while it works (a 909 KB document takes over a second).
 */
import { AppError } from '@/lib/errors';
import { operatorConfigProblems, type ValidationContext } from '@/lib/graph/validate-tools';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { readBytes } from './body';
import { parseInWorker, ParseWorkerUnavailable, type ImportParse, type JsonText } from './import-worker';

export type { ImportParse, JsonText } from './import-worker';

export const DEFAULT_MAX_IMPORT_BYTES = 1024 * 1024;
export const DEFAULT_MAX_CONCURRENT_IMPORTS = 2;
/** Texts up to this many characters parse on the event loop (tens of milliseconds at most). */
const INLINE_PARSE_CHARS = 32 * 1024;

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

function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** The import body, at most `maxBytes` (413 naming the limit and SWITCHYARD_MAX_IMPORT_BYTES). */
export async function readImportBody(req: Request, { maxBytes }: ImportLimits): Promise<Uint8Array> {
  try {
    return await readBytes(req, maxBytes);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'payload_too_large') throw err;
    const message = `the import is larger than ${sizeText(maxBytes)} (SWITCHYARD_MAX_IMPORT_BYTES=${maxBytes})`;
    throw new AppError('payload_too_large', message, { max_bytes: maxBytes });
  }
}

const KEY = Symbol.for('switchyard.import-gate');
type G = typeof globalThis & { [KEY]?: { active: number } };
const slots = () => ((globalThis as G)[KEY] ??= { active: 0 });

/** Imports running now (tests). */
export function activeImports(): number {
  return slots().active;
}

/** Runs `fn` in an import slot; 429 with Retry-After when all `maxConcurrent` are taken. */
export async function withImportSlot<T>({ maxConcurrent }: ImportLimits, fn: () => Promise<T>): Promise<T> {
  const s = slots();
  if (s.active >= maxConcurrent) {
    const message = `too many imports at once: ${maxConcurrent} may run at a time (SWITCHYARD_MAX_CONCURRENT_IMPORTS); try again in 1 s`;
    throw new AppError('rate_limited', message, { retry_after_s: 1, max_concurrent: maxConcurrent });
  }
  s.active++;
  try {
    return await fn();
  } finally {
    s.active--;
  }
}

let warned = false;
function warnOnce(message: string): void {
  if (!warned) console.error(message);
  warned = true;
}

/**
 * parseGraphYaml with the import's size cap and the operator's configuration; large texts off the
 * event loop. The worker cannot call back into the database, so there the configuration checks
 * (names of connections and MCP servers, no line/col) follow on this thread. Should the worker not
 * start (no sources and no bundled entry, or no tsx), the import is parsed here as before (and the
 * server log says so once).
 */
export async function parseImportYaml(text: string, { maxBytes }: ImportLimits, context: ValidationContext): Promise<ImportParse> {
  const inline = (): ImportParse => {
    const r = parseGraphYaml(text, { maxBytes, context });
    return r.ok ? { ok: true, doc: r.doc, warningsJson: JSON.stringify(r.warnings) } : r;
  };
  if (text.length <= INLINE_PARSE_CHARS) return inline();
  let parsed: ImportParse;
  try {
    parsed = await parseInWorker(text, maxBytes);
  } catch (err) {
    if (!(err instanceof ParseWorkerUnavailable)) throw err;
    warnOnce(`[switchyard] the YAML parse worker could not start (${err.message}); large imports are parsed on the server's thread`);
    return inline();
  }
  if (!parsed.ok) return parsed;
  const errors = operatorConfigProblems(parsed.doc, context);
  return errors.length ? { ok: false, errors } : parsed;
}

/**
 * A JSON answer with `warnings` (JSON text) spliced in as its last field: a large list is neither
 * parsed nor serialized again on this thread.
 */
export function jsonWithWarnings(data: Record<string, unknown>, warningsJson: JsonText, init: ResponseInit): Response {
  const head = JSON.stringify(data);
  const body = new Blob([`${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"warnings":`, warningsJson, '}']);
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(body, { ...init, headers });
}
