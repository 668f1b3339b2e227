/**
 * The route wrapper of the A2A JSON-RPC endpoints (/api/a2a/<graph>): the access check of every
 * route (lib/server/caller.ts, rate-limited: these calls run graphs), then the handler. What fails
 * before the JSON-RPC layer (no or a wrong key, a graph not in the key's workspace, a body that is
 * not JSON) answers with its HTTP status and a JSON-RPC error envelope.
 */
import 'server-only';
import { ZodError } from 'zod';
import { AppError, isServerError } from '@/lib/errors';
import { requireCaller, type Access, type Caller } from './caller';
import { errorBody, json } from './http';
import { retryAfterOf } from './rate-limit';

/** JSON-RPC's invalid request / internal error codes. */
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;

export function a2aRoute<C = unknown>(
  access: Access,
  handler: (req: Request, ctx: C, caller: Caller) => Response | Promise<Response>,
): (req: Request, ctx: C) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const caller = await requireCaller(req, access, { rateLimit: true });
      return await handler(req, ctx, caller);
    } catch (err) {
      const { status, body } = errorBody(err);
      const appCode = err instanceof AppError ? err.code : err instanceof ZodError ? 'bad_request' : 'internal';
      const code = isServerError(appCode) ? INTERNAL_ERROR : INVALID_REQUEST;
      const retryAfter = retryAfterOf(err);
      const envelope = { jsonrpc: '2.0', id: null, error: { code, message: body.error.message, data: { code: body.error.code } } };
      return json(envelope, retryAfter ? { status, headers: { 'retry-after': retryAfter } } : status);
    }
  };
}
