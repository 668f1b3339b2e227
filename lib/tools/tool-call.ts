/**
 * What the tools that call a remote function (http, openapi, mcp) share: the tool error, reading the
 * model's arguments as a JSON object, the `Idempotency-Key` header and the text of an HTTP answer.
 */
import { AppError } from '../errors';
import { safeUrl, type GuardedResponse } from './http-client';

export const toolError = (message: string, details?: unknown) => new AppError('tool_error', message, details);

/** The arguments as an object: a JSON string is parsed (empty: `{}`), null/undefined is `{}`; anything else is a tool error. */
export function argsObject(args: unknown, invalidJsonMessage = 'The arguments (Action Input) must be a JSON object'): Record<string, unknown> {
  let v = args;
  if (typeof v === 'string') {
    try {
      v = v.trim() ? JSON.parse(v) : {};
    } catch {
      throw toolError(invalidJsonMessage);
    }
  }
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw toolError('The arguments must be a JSON object');
  return v as Record<string, unknown>;
}

/** Sets `Idempotency-Key` (the same on every retry of a call) unless the headers already name it. */
export function addIdempotencyKey(headers: Record<string, string>, key: string | undefined): void {
  if (key && !Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key')) headers['Idempotency-Key'] = key;
}

/**
 * The error of a far server's non-2xx answer: an `http_error` (502 if it ever reaches a route: the
 * call we made failed) that keeps the status the far server answered as data, `upstream_status`.
 * That status is never ours to answer with: a 404 from a tool's API is not a 404 of our route.
 */
export function upstreamError(message: string, res: Pick<GuardedResponse, 'status'>): AppError {
  return new AppError('http_error', message, { upstream_status: res.status });
}

/** The body of a 2xx answer as text; any other status is an `http_error` (upstreamError) led by `what` (e.g. `GET`). */
export function successText(res: GuardedResponse, what: string): string {
  const text = res.body.toString('utf8');
  if (res.status < 200 || res.status >= 300) throw upstreamError(`${what} ${safeUrl(res.url)} answered ${res.status}: ${text.slice(0, 500)}`, res);
  return text;
}

/** The text, with a note when the body was cut at the byte cap. */
export function withCutNote(res: GuardedResponse, text: string): string {
  return res.truncated ? `${text}\n[response cut at ${res.body.length} bytes]` : text;
}
