/**
 * Errors of the OpenAI-compatible API in OpenAI's shape, `{ error: { message, type, param, code } }`,
 * so that OpenAI clients raise their usual exceptions. The route wrapper that answers with them is
 * lib/server/openai-route.ts; a streaming reply sends the same body as its last chunk.
 */
import { ZodError } from 'zod';
import { AppError, isErrorCode, isServerError, statusOf, type ErrorCode } from '@/lib/errors';
import type { OpenAIErrorBody } from '@/lib/contracts/openai';
import { redactValue } from '@/lib/tools/redact';

/**
 * An error of the OpenAI API. `kind` is a domain code (its HTTP status comes from `statusOf` in
 * lib/errors.ts, the one table); `code` is the OpenAI `code` field clients see (default: `kind`).
 */
export class OpenAIApiError extends Error {
  readonly type: string;
  readonly code: string | null;
  readonly param: string | null;
  /** false: the answer tells OpenAI clients not to retry (`x-should-retry: false`): a retry would start the graph again. */
  readonly retry: boolean | undefined;
  /** Sent as `Allow` (a 405). */
  readonly allow: string | undefined;
  constructor(
    readonly kind: ErrorCode,
    message: string,
    opts: { type?: string; code?: string | null; param?: string | null; retry?: boolean; allow?: string } = {},
  ) {
    super(message);
    this.type = opts.type ?? (isServerError(kind) ? 'server_error' : 'invalid_request_error');
    this.code = opts.code === undefined ? kind : opts.code;
    this.param = opts.param ?? null;
    this.retry = opts.retry;
    this.allow = opts.allow;
  }

  get status(): number {
    return statusOf(this.kind);
  }
}

/**
 * The answer to a run that failed: a 5xx `server_error` (OpenAI clients raise InternalServerError),
 * or a 429 when the model server's rate limit is what failed it (RateLimitError). `code` is the
 * run's error code (model_incomplete, model_timeout, no_connection...). Marked not to be retried by
 * the client: the SDKs' automatic retry would run the graph again.
 */
export function failedRunError(run: { id: string; graphName: string; error?: { code?: string; message?: string } | null }): OpenAIApiError {
  const code = run.error?.code;
  const message = `Run ${run.id} of graph "${run.graphName}" failed: ${run.error?.message ?? 'unknown error'}`;
  if (code === 'model_rate_limited' || code === 'rate_limited') {
    return new OpenAIApiError('model_rate_limited', message, { type: 'rate_limit_exceeded', code, retry: false });
  }
  // A server-side code keeps its status (502 model errors, 504 timeouts); anything else is a 500.
  const kind: ErrorCode = isErrorCode(code) && isServerError(code) ? code : 'run_failed';
  return new OpenAIApiError(kind, message, { type: 'server_error', code: code ?? 'run_failed', retry: false });
}

/** A path under /api/v1 that no route serves: 404 in OpenAI's shape (app/api/v1/[...path]). */
export function unknownRouteError(method: string, pathname: string): OpenAIApiError {
  return new OpenAIApiError('not_found', `Invalid URL (${method} ${pathname}): no such route of the OpenAI-compatible API.`, { type: 'invalid_request_error', code: 'unknown_url' });
}

/** A /api/v1 route asked with a method it does not serve: 405 in OpenAI's shape, `Allow` naming the ones it does. */
export function methodNotAllowedError(method: string, pathname: string, allowed: readonly string[]): OpenAIApiError {
  const allow = allowed.join(', ');
  return new OpenAIApiError('method_not_allowed', `${method} is not allowed on ${pathname} (allowed: ${allow}).`, { type: 'invalid_request_error', code: 'method_not_allowed', allow });
}

/** The headers that go with an error answer: `x-should-retry`, `Allow`. */
export function openaiErrorHeaders(err: unknown): Record<string, string> {
  if (!(err instanceof OpenAIApiError)) return {};
  return { ...(err.retry === false ? { 'x-should-retry': 'false' } : {}), ...(err.allow ? { allow: err.allow } : {}) };
}

/** The OpenAI-shaped body of `err`, with every known secret masked (lib/tools/redact.ts); the route wrapper and streamed replies both use it. */
export function openaiErrorBody(err: unknown): { status: number; body: OpenAIErrorBody } {
  const { status, body } = shapeOpenaiError(err);
  return { status, body: redactValue(body) };
}

function shapeOpenaiError(err: unknown): { status: number; body: OpenAIErrorBody } {
  if (err instanceof OpenAIApiError) {
    return { status: err.status, body: { error: { message: err.message, type: err.type, param: err.param, code: err.code } } };
  }
  if (err instanceof AppError) {
    const status = statusOf(err.code);
    // OpenAI's own 404s (an unknown model, response or route) are `invalid_request_error` too.
    const type = isServerError(err.code) ? 'server_error' : 'invalid_request_error';
    return { status, body: { error: { message: err.message, type, param: null, code: err.code } } };
  }
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const param = issue?.path.length ? issue.path.map(String).join('.') : null;
    const message = issue ? `Invalid request: ${param ?? 'body'}: ${issue.message}` : 'Invalid request';
    return { status: statusOf('bad_request'), body: { error: { message, type: 'invalid_request_error', param, code: 'invalid_request' } } };
  }
  console.error('[switchyard] /api/v1 request failed:', err);
  return { status: statusOf('internal'), body: { error: { message: 'Internal server error', type: 'server_error', param: null, code: 'internal' } } };
}
