/**
 * The route wrapper of the OpenAI-compatible API (/api/v1): the access check, and errors in
 * OpenAI's shape `{ error: { message, type, param, code } }` (lib/runtime/openai/errors.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { methodNotAllowedError, OpenAIApiError, openaiErrorBody, openaiErrorHeaders, unknownRouteError } from '@/lib/runtime/openai/errors';
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
      return openaiErrorResponse(err);
    }
  };
}

/** The answer to `err` on /api/v1: OpenAI's shape, its status, and `retry-after` / `x-should-retry` / `Allow` when they apply. */
export function openaiErrorResponse(err: unknown): Response {
  const { status, body } = openaiErrorBody(err);
  const retryAfter = retryAfterOf(err);
  return json(body, { status, headers: { ...openaiErrorHeaders(err), ...(retryAfter ? { 'retry-after': retryAfter } : {}) } });
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];
type V1Handler = ((req: Request, ctx: unknown) => Promise<Response>) & { v1Refusal?: true };

/**
 * Marks a handler that only refuses (a 405 or the unknown-route 404): it reads and changes nothing,
 * with the access check of a viewer. The route tables of lib/server/auth-routes.test.ts and
 * workspace-routes.test.ts recognize such handlers instead of listing each.
 */
function refusal(handler: (req: Request, ctx: unknown) => Promise<Response>): V1Handler {
  return Object.assign(handler, { v1Refusal: true as const });
}

/**
 * The methods a /api/v1 route file does not serve, each answering a JSON 405 in OpenAI's shape
 * with `Allow` (Next would answer an empty 405). Every route file under app/api/v1 exports them:
 * `export const { PUT, PATCH, DELETE } = openaiOtherMethods('GET', 'POST');`
 */
export function openaiOtherMethods(...served: HttpMethod[]): Record<HttpMethod, V1Handler> {
  const refuse = refusal(
    openaiRoute('viewer', (req) => {
      throw methodNotAllowedError(req.method, new URL(req.url).pathname, served);
    }),
  );
  return Object.fromEntries(HTTP_METHODS.map((m) => [m, refuse])) as Record<HttpMethod, V1Handler>;
}

/** Every method of app/api/v1/[...path]: the path is no route of the API, a JSON 404 in OpenAI's shape. */
export const openaiUnknownRoute: V1Handler = refusal(
  openaiRoute('viewer', (req) => {
    throw unknownRouteError(req.method, new URL(req.url).pathname);
  }),
);
