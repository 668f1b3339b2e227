/**
 * Errors of the OpenAI-compatible API in OpenAI's shape, `{ error: { message, type, param, code } }`,
 * so that OpenAI clients raise their usual exceptions. The route wrapper that answers with them is
 * lib/server/openai-route.ts; a streaming reply sends the same body as its last chunk.
 */
import { ZodError } from 'zod';
import { AppError, isServerError, statusOf, type ErrorCode } from '@/lib/errors';
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
  constructor(
    readonly kind: ErrorCode,
    message: string,
    opts: { type?: string; code?: string | null; param?: string | null } = {},
  ) {
    super(message);
    this.type = opts.type ?? (isServerError(kind) ? 'server_error' : 'invalid_request_error');
    this.code = opts.code === undefined ? kind : opts.code;
    this.param = opts.param ?? null;
  }

  get status(): number {
    return statusOf(this.kind);
  }
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
    const type = isServerError(err.code) ? 'server_error' : err.code === 'not_found' ? 'not_found_error' : 'invalid_request_error';
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
