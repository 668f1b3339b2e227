/**
 * Request body readers with a size cap (413), a content-type check (415) and clear 400s for
 * unreadable JSON and for JSON nested deeper than MAX_JSON_DEPTH (deeper values overflowed the
 * stack later, in the JSON.stringify of a database write, as a 500). The body is read as a stream
 * and abandoned as soon as it passes the cap.
 */
import type { z } from 'zod';
import { AppError, badRequest } from '@/lib/errors';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Objects and arrays nested deeper than this are refused (400). */
export const MAX_JSON_DEPTH = 64;

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

interface MediaType {
  type: string;
  charset?: string;
}

function mediaType(req: Request): MediaType | null {
  const raw = req.headers.get('content-type');
  if (!raw) return null;
  const [type, ...params] = raw.split(';');
  const charset = params
    .map((p) => p.trim().split('='))
    .find(([k]) => k?.trim().toLowerCase() === 'charset')?.[1]
    ?.trim()
    .replace(/^"|"$/g, '')
    .toLowerCase();
  return { type: type.trim().toLowerCase(), charset };
}

function unsupported(message: string): AppError {
  return new AppError('unsupported_media_type', message);
}

function tooLarge(max: number): AppError {
  return new AppError('payload_too_large', `request body is larger than ${max} bytes`, { max_bytes: max });
}

/** Checks the content type against `accepted` (exact types, or `+json` suffixes when 'application/json' is accepted). */
export function requireMediaType(req: Request, accepted: readonly string[]): MediaType {
  const mt = mediaType(req);
  const list = accepted.join(', ');
  if (!mt) throw unsupported(`missing content-type: send one of ${list}`);
  const ok = accepted.includes(mt.type) || (accepted.includes('application/json') && mt.type.endsWith('+json'));
  if (!ok) throw unsupported(`unsupported content-type "${mt.type}": send one of ${list}`);
  if (mt.charset && mt.charset !== 'utf-8' && mt.charset !== 'utf8') {
    throw unsupported(`unsupported charset "${mt.charset}": send UTF-8`);
  }
  return mt;
}

/** Reads the whole body, at most `maxBytes` (413 beyond, checked on Content-Length first, then while streaming). */
export async function readBytes(req: Request, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
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

/** Reads a JSON body (application/json) and validates it with a contract schema (400 on mismatch). */
export async function readJson<S extends z.ZodType>(req: Request, schema: S, maxBytes = MAX_BODY_BYTES): Promise<z.output<S>> {
  requireMediaType(req, ['application/json']);
  return schema.parse(jsonOfBytes(await readBytes(req, maxBytes)));
}

/** Validates the query string with a contract schema (400 on mismatch). */
export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(new URL(req.url).searchParams));
}
