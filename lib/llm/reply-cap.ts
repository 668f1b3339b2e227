/**
 * A cap on the bytes of one model reply (issue 21, "bounded everything"): SWITCHYARD_MAX_REPLY_BYTES
 * (default 4 MiB). Every client of a connection (lib/llm/openai-client.ts) fetches through
 * cappedFetch, which counts the response body as it arrives — a streamed reply chunk by chunk, a
 * JSON reply or an error body alike — and, past the cap, aborts the request (the socket is
 * closed) and fails the read with ReplyTooLarge; the model port turns that into the error
 * `model_reply_too_large` (model-errors.ts). What streamed before the cap was already handed on as
 * deltas (stored once in the trace, truncated by its field cap); nothing else of the reply is kept.
 */
export const DEFAULT_MAX_REPLY_BYTES = 4 * 1024 * 1024;
/** Below this a cap would refuse ordinary replies: a value under it is taken as this. */
const MIN_MAX_REPLY_BYTES = 64 * 1024;

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** SWITCHYARD_MAX_REPLY_BYTES: a positive integer (bytes); unset: 4 MiB (the server refuses to start with an invalid one: lib/server/unsafe-settings.ts). */
export function maxReplyBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SWITCHYARD_MAX_REPLY_BYTES?.trim();
  if (!raw) return DEFAULT_MAX_REPLY_BYTES;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) return DEFAULT_MAX_REPLY_BYTES;
  return Math.max(MIN_MAX_REPLY_BYTES, n);
}

/** A reply passed the cap; the request was aborted. */
export class ReplyTooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly received: number,
  ) {
    super(`the reply passed ${limit} bytes (SWITCHYARD_MAX_REPLY_BYTES); the request was aborted after ${received} bytes`);
    this.name = 'ReplyTooLarge';
  }
}

/** The ReplyTooLarge behind an error (the SDK may wrap what a body read threw), if any. */
export function replyTooLarge(err: unknown, depth = 0): ReplyTooLarge | undefined {
  if (err instanceof ReplyTooLarge) return err;
  if (!err || typeof err !== 'object' || depth > 6) return undefined;
  return replyTooLarge((err as { cause?: unknown }).cause, depth + 1);
}

/** `inner` with every response body counted as it is read and cut off past `limit()` bytes. */
export function cappedFetch(inner: Fetch, limit: () => number = () => maxReplyBytes()): Fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    if (!res.body) return res;
    const max = limit();
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > max) {
      await res.body.cancel().catch(() => {});
      throw new ReplyTooLarge(max, declared);
    }
    const reader = res.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(ctrl) {
          const { done, value } = await reader.read();
          if (done) return ctrl.close();
          seen += value.byteLength;
          if (seen > max) {
            const err = new ReplyTooLarge(max, seen);
            ctrl.error(err);
            // Cancelling the source closes the connection: the server stops sending.
            await reader.cancel(err).catch(() => {});
            return;
          }
          ctrl.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
