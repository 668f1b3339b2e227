/**
 * Route-handler helpers: JSON responses, the one error shape `{ error: { code, message, details? } }`
 * (from AppError, zod errors and anything else, which becomes a 500 without leaking internals),
 * and `route()`, the wrapper every handler goes through (with its access check).
 */
import { ZodError } from 'zod';
import type { ErrorBody } from '@/lib/contracts/common';
import { AppError, statusOf } from '@/lib/errors';
import { redactValue } from '@/lib/tools/redact';
import type { Problem } from '@/lib/graph/problems';
import { isStoreUnavailable } from '@/db/store/outage';
import { requireCaller, type Access, type Caller, type CallerOptions } from './caller';
import { retryAfterOf } from './rate-limit';

export function json(data: unknown, init: number | ResponseInit = 200): Response {
  const base: ResponseInit = typeof init === 'number' ? { status: init } : init;
  const headers = new Headers(base.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...base, headers });
}

/** `invalid_graph` (422) for a graph document that does not parse or validate; `errors` also at the top level. */
export function invalidGraph(errors: Problem[], what = 'the graph document'): AppError {
  const n = errors.length;
  const first = errors[0]?.message;
  const message = `${what} is invalid (${n} error${n === 1 ? '' : 's'})${first ? `: ${first}` : ''}`;
  return new AppError('invalid_graph', message, { errors });
}

function zodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'invalid request';
  const where = issue.path.length ? issue.path.map(String).join('.') : 'body';
  return `invalid request: ${where}: ${issue.message}`;
}

/** The error shape of `err`, with every known secret masked (lib/tools/redact.ts): no answer echoes a key. */
export function errorBody(err: unknown): { status: number; body: ErrorBody } {
  const { status, body } = shapeError(err);
  return { status, body: redactValue(body) };
}

function shapeError(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    const body: ErrorBody = { error: { code: err.code, message: err.message } };
    if (err.details !== undefined) body.error.details = err.details;
    const errors = (err.details as { errors?: unknown } | undefined)?.errors;
    if (err.code === 'invalid_graph' && Array.isArray(errors)) body.errors = errors as Problem[];
    return { status: statusOf(err.code), body };
  }
  if (err instanceof ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    return { status: statusOf('bad_request'), body: { error: { code: 'bad_request', message: zodMessage(err), details: { issues } } } };
  }
  // The database is down or restarting: a 503 saying so (try again), not an internal error.
  if (isStoreUnavailable(err)) return { status: statusOf('store_unavailable'), body: { error: { code: 'store_unavailable', message: 'the database is unavailable; try again shortly' } } };
  return { status: statusOf('internal'), body: { error: { code: 'internal', message: 'internal server error' } } };
}

export function errorResponse(err: unknown): Response {
  const { status, body } = errorBody(err);
  if (status >= 500) console.error('[switchyard] request failed:', err);
  const retryAfter = retryAfterOf(err);
  return json(body, retryAfter ? { status, headers: { 'retry-after': retryAfter } } : status);
}

/**
 * Wraps a route handler: first the access check (lib/server/caller.ts: Host, Origin, session or API
 * key, the route's minimum role, the rate limit when asked), then the handler with the caller;
 * whatever either throws becomes a response in the one error shape.
 * Keeps the handler's context type, e.g. `{ params: Promise<{ id: string }> }` (Next 16).
 */
export function route<C = unknown>(
  access: Access,
  handler: (req: Request, ctx: C, caller: Caller) => Response | Promise<Response>,
  opts: CallerOptions = {},
): (req: Request, ctx: C) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const caller = await requireCaller(req, access, opts);
      return await handler(req, ctx, caller);
    } catch (err) {
      return errorResponse(err);
    }
  };
}

/** The params of a dynamic route (`ctx.params` is a Promise in Next 16). */
export type Params<K extends string> = { params: Promise<Record<K, string>> };
