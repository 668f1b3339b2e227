/**
 * The route wrapper of the OpenAI-compatible API (/api/v1): the access check, and errors in
 * OpenAI's shape `{ error: { message, type, param, code } }` (lib/runtime/openai/errors.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { OpenAIApiError, openaiErrorBody } from '@/lib/runtime/openai/errors';
import { authEnabled, requireCaller, type Access, type Caller } from './caller';
import { json } from './http';
import { retryAfterOf } from './rate-limit';

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
    throw new OpenAIApiError('invalid_api_key', given ? 'Incorrect API key provided.' : 'Missing API key: send Authorization: Bearer <SWITCHYARD_API_KEY>.');
  }
}

/**
 * Route wrapper for /api/v1: the access check of every route (lib/server/caller.ts; rate-limited per
 * caller: these calls run graphs), then the handler; errors in OpenAI's shape. With accounts off,
 * SWITCHYARD_API_KEY (when set) still guards /api/v1 as before.
 */
export function openaiRoute<C = unknown>(
  access: Access,
  handler: (req: Request, ctx: C, caller: Caller) => Response | Promise<Response>,
): (req: Request, ctx: C) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const caller = await requireCaller(req, access, { rateLimit: true });
      if (!authEnabled()) checkApiKey(req);
      return await handler(req, ctx, caller);
    } catch (err) {
      const { status, body } = openaiErrorBody(err);
      const retryAfter = retryAfterOf(err);
      return json(body, retryAfter ? { status, headers: { 'retry-after': retryAfter } } : status);
    }
  };
}
