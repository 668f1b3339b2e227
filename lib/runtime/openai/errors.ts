/**
 * Errors of the OpenAI-compatible API in OpenAI's shape, `{ error: { message, type, param, code } }`,
 * so that OpenAI clients raise their usual exceptions, and the route wrapper that produces them.
 */
import { timingSafeEqual } from 'node:crypto';
import { ZodError } from 'zod';
import { AppError } from '@/lib/errors';
import type { OpenAIErrorBody } from '@/lib/contracts/openai';
import { json } from '@/lib/server/http';

export class OpenAIApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string = status >= 500 ? 'server_error' : 'invalid_request_error',
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

export function openaiErrorBody(err: unknown): { status: number; body: OpenAIErrorBody } {
  if (err instanceof OpenAIApiError) {
    return { status: err.status, body: { error: { message: err.message, type: err.type, param: err.param, code: err.code } } };
  }
  if (err instanceof AppError) {
    const type = err.status >= 500 ? 'server_error' : err.status === 404 ? 'not_found_error' : 'invalid_request_error';
    return { status: err.status, body: { error: { message: err.message, type, param: null, code: err.code } } };
  }
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const param = issue?.path.length ? issue.path.map(String).join('.') : null;
    const message = issue ? `Invalid request: ${param ?? 'body'}: ${issue.message}` : 'Invalid request';
    return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code: 'invalid_request' } } };
  }
  console.error('[switchyard] /api/v1 request failed:', err);
  return { status: 500, body: { error: { message: 'Internal server error', type: 'server_error', param: null, code: 'internal' } } };
}

/**
 * When SWITCHYARD_API_KEY is set, /api/v1 requires `Authorization: Bearer <key>` (what every OpenAI
 * client sends as its api key). Compared in constant time.
 */
export function checkApiKey(req: Request, expected = process.env.SWITCHYARD_API_KEY): void {
  if (!expected) return;
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new OpenAIApiError(401, given ? 'Incorrect API key provided.' : 'Missing API key: send Authorization: Bearer <SWITCHYARD_API_KEY>.', 'invalid_request_error', 'invalid_api_key');
  }
}

/** Route wrapper for /api/v1: the API key check, and errors in OpenAI's shape. */
export function openaiRoute<C = unknown>(
  handler: (req: Request, ctx: C) => Response | Promise<Response>,
): (req: Request, ctx: C) => Promise<Response> {
  return async (req, ctx) => {
    try {
      checkApiKey(req);
      return await handler(req, ctx);
    } catch (err) {
      const { status, body } = openaiErrorBody(err);
      return json(body, status);
    }
  };
}
