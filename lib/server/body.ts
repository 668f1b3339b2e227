/**
 * Request body readers with a size cap per route (413 naming it), a deadline (408), a content-type
 * check (415) and clear 400s for unreadable JSON and for JSON nested too deep (./body-bytes.ts).
 * A JSON body larger than INLINE_PARSE_CHARS is parsed off the event loop, in the parse worker
 * (./json-off-thread.ts), so a large or hostile body (8 MiB of `[`) does not hold the server.
 */
import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import { MAX_BODY_BYTES, readBytes } from './body-bytes';
import { jsonOffThread } from './json-off-thread';

export { bodyTimeoutMs, decodeUtf8, jsonOfBytes, MAX_BODY_BYTES, MAX_JSON_DEPTH, readBytes, sizeText, tooDeepAt } from './body-bytes';

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

/** Reads a JSON body (application/json; at most `maxBytes`, the route's limit; large ones parsed off the event loop) and validates it with a contract schema (400 on mismatch). */
export async function readJson<S extends z.ZodType>(req: Request, schema: S, maxBytes = MAX_BODY_BYTES): Promise<z.output<S>> {
  requireMediaType(req, ['application/json']);
  return schema.parse(await jsonOffThread(await readBytes(req, maxBytes)));
}

/** Validates the query string with a contract schema (400 on mismatch). */
export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(new URL(req.url).searchParams));
}
