/**
 * The route wrapper of the OpenAI-compatible API (/api/v1): the API key check, and errors in
 * OpenAI's shape `{ error: { message, type, param, code } }` (lib/runtime/openai/errors.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { OpenAIApiError, openaiErrorBody } from '@/lib/runtime/openai/errors';
import { json } from './http';

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
