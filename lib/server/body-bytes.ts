/**
 * The bytes of a request body and their JSON value, the parts of ./body.ts that the parse worker
 * (./parse-jobs.ts) and the import gate (./import-gate.ts) use too:
 * - readBytes: at most a route's limit (413 naming it, checked on Content-Length first, then while
 *   streaming; the body is abandoned as soon as it passes the limit), and within a deadline
 *   (SWITCHYARD_BODY_TIMEOUT_S, default 30 s: a body still arriving then is cut, 408), so a slow
 *   body holds nothing for long;
 * - jsonOfBytes: clear 400s for bytes that are not UTF-8 or not JSON, and for JSON nested deeper than
 *   MAX_JSON_DEPTH (deeper values overflowed the stack later, in the JSON.stringify of a database
 *   write, as a 500).
 */
import { AppError, badRequest } from '@/lib/errors';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Objects and arrays nested deeper than this are refused (400). */
export const MAX_JSON_DEPTH = 64;
export const DEFAULT_BODY_TIMEOUT_S = 30;

type Env = Record<string, string | undefined>;

/** How long a request body may take to arrive, in ms (SWITCHYARD_BODY_TIMEOUT_S; a missing or bad value is the default). */
export function bodyTimeoutMs(env: Env = process.env): number {
  const s = Number(env.SWITCHYARD_BODY_TIMEOUT_S?.trim() || NaN);
  return Math.round((Number.isFinite(s) && s > 0 ? s : DEFAULT_BODY_TIMEOUT_S) * 1000);
}

/** Where `value` first nests deeper than `max` (a JSON path, shortened), or null. Iterative: no recursion. */
export function tooDeepAt(value: unknown, max = MAX_JSON_DEPTH): string | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= max) {
      const shown = path.length > 12 ? [...path.slice(0, 6), '…', ...path.slice(-3)] : path;
      return '$' + shown.map((k) => (typeof k === 'number' ? `[${k}]` : k === '…' ? '…' : `.${k}`)).join('');
    }
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (const [k, x] of entries) if (x !== null && typeof x === 'object') stack.push({ v: x, path: [...path, k] });
  }
  return null;
}

/**
 * Nesting deeper than this is refused before JSON.parse, from a scan of the bytes that stops there:
 * V8 parses `[[[[…` in time that grows faster than its length (8 MiB of `[` took 10 s of a core).
 * Shallower bodies are parsed, and tooDeepAt names where they pass MAX_JSON_DEPTH.
 */
const SCAN_DEPTH = 10_000;

/** Where a nesting scan stands (nestingPastAt, or a slice at a time: nestingPastAtSliced). */
interface NestingScan {
  depth: number;
  inString: boolean;
  /** The next byte to look at. */
  at: number;
}

/** Scans bytes [scan.at, end); the offset of the first `[` or `{` nested deeper than `limit`, or -1. */
function scanNesting(bytes: Uint8Array, scan: NestingScan, end: number, limit: number): number {
  let { depth, inString } = scan;
  let i = scan.at;
  for (; i < end; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > limit) return i;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  Object.assign(scan, { depth, inString, at: i });
  return -1;
}

/** The offset of the first `[` or `{` nested deeper than `limit` (outside strings), or -1. */
export function nestingPastAt(bytes: Uint8Array, limit = SCAN_DEPTH): number {
  return scanNesting(bytes, { depth: 0, inString: false, at: 0 }, bytes.length, limit);
}

/** nestingPastAt a slice of `slice` bytes per turn of the event loop (a large body on the server's thread). */
export async function nestingPastAtSliced(bytes: Uint8Array, slice = 256 * 1024, limit = SCAN_DEPTH): Promise<number> {
  const scan: NestingScan = { depth: 0, inString: false, at: 0 };
  while (scan.at < bytes.length) {
    const past = scanNesting(bytes, scan, Math.min(scan.at + slice, bytes.length), limit);
    if (past >= 0) return past;
    if (scan.at < bytes.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return -1;
}

/** The 400 of a body nested deeper than the scan allows. */
export function nestedTooDeep(offset: number): AppError {
  return badRequest(`request body nests objects/arrays more than ${MAX_JSON_DEPTH} levels deep (at byte ${offset})`, { offset, max_depth: MAX_JSON_DEPTH });
}

/** A size in the unit it is a whole number of (8 MiB, 4 KiB, 1000 bytes). */
export function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

function tooLarge(max: number): AppError {
  return new AppError('payload_too_large', `request body is larger than ${sizeText(max)} (${max} bytes), the limit of this route`, { max_bytes: max });
}

function tooSlow(ms: number): AppError {
  return new AppError('request_timeout', `request body did not arrive within ${ms / 1000} s (SWITCHYARD_BODY_TIMEOUT_S)`, { timeout_s: ms / 1000 });
}

/**
 * Reads the whole body, at most `maxBytes` (413 beyond, checked on Content-Length first, then while
 * streaming), within `timeoutMs` (408 past it; the stream is cancelled).
 */
export async function readBytes(req: Request, maxBytes = MAX_BODY_BYTES, timeoutMs = bodyTimeoutMs()): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow(timeoutMs)), timeoutMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(value);
    }
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Strict UTF-8 decoding (a leading BOM is dropped); null when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The JSON value of a request body: 400 when it is not UTF-8, empty, not JSON, or nested deeper than
 * MAX_JSON_DEPTH (with where). Plain data in and out: lib/server/import-worker.ts runs it in a worker.
 */
export function jsonOfBytes(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes);
  if (text === null) throw badRequest('request body is not valid UTF-8');
  if (!text.trim()) throw badRequest('request body is empty: send a JSON object');
  const past = nestingPastAt(bytes);
  if (past >= 0) throw nestedTooDeep(past);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const deep = tooDeepAt(value);
  if (deep) throw badRequest(`request body nests objects/arrays more than ${MAX_JSON_DEPTH} levels deep (at ${deep})`, { path: deep, max_depth: MAX_JSON_DEPTH });
  return value;
}
