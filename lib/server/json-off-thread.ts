/**
 * The JSON value of a request body (readJson, ./body.ts), parsed off the event loop when it is
 * larger than INLINE_JSON_BODY_BYTES (256 KiB: a plain body that size parses in about a millisecond,
 * far less than starting a worker costs, and hostile nesting is refused by a byte scan before
 * JSON.parse, ./body-bytes.ts; above it, the scan runs here a slice per turn of the event loop,
 * before any worker starts): in the parse worker of graph saves and imports (./import-worker.ts,
 * a `json` job without names: no document check), under a slot of its own pool (at most
 * SWITCHYARD_MAX_CONCURRENT_BODY_PARSES at a time, default 4; one more is a 429 with Retry-After: 1),
 * and handed back a slice at a time (./json-slices.ts). An 8 MiB body of `[` held the event loop
 * for about 0.7 s when parsed here. The same 400s either way (UTF-8, JSON, depth).
 */
import { AppError } from '@/lib/errors';
import { jsonOfBytes, nestedTooDeep, nestingPastAtSliced } from './body-bytes';
import { withImportSlot } from './import-gate';
import { parseOffThread } from './import-worker';
import { readJsonAnswer } from './parse-jobs';

export const DEFAULT_MAX_CONCURRENT_BODY_PARSES = 4;
/** Bodies up to this many bytes are parsed on the event loop. */
export const INLINE_JSON_BODY_BYTES = 256 * 1024;

type Env = Record<string, string | undefined>;

/** SWITCHYARD_MAX_CONCURRENT_BODY_PARSES (a missing or bad value is the default). */
export function maxConcurrentBodyParses(env: Env = process.env): number {
  const n = Number(env.SWITCHYARD_MAX_CONCURRENT_BODY_PARSES?.trim() || NaN);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_MAX_CONCURRENT_BODY_PARSES;
}

/** The JSON value of `bytes` (400 when not UTF-8, empty, not JSON or nested too deep); large ones parsed in the worker. */
export async function jsonOffThread(bytes: Uint8Array): Promise<unknown> {
  if (bytes.byteLength <= INLINE_JSON_BODY_BYTES) return jsonOfBytes(bytes);
  // Hostile nesting (8 MiB of `[`) is refused here, a slice per turn of the event loop, before a
  // worker is started for it (a start costs a worker seconds of CPU under load).
  const past = await nestingPastAtSliced(bytes);
  if (past >= 0) throw nestedTooDeep(past);
  const maxConcurrent = maxConcurrentBodyParses();
  return withImportSlot(
    { maxConcurrent },
    async () => {
      const r = await parseOffThread({ kind: 'json', bytes });
      if (!r.ok) {
        const code = r.problem.code === 'too_slow' ? 'request_timeout' : 'payload_too_large';
        throw new AppError(code, `request body could not be read: ${r.problem.message}`);
      }
      return (await readJsonAnswer(r.answer)).value;
    },
    'large request bodies',
    'bodies',
    'SWITCHYARD_MAX_CONCURRENT_BODY_PARSES',
  );
}
