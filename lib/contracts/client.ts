/**
 * The browser side of the HTTP contracts: one fetch wrapper and one error type for every hook.
 * Failures become ApiError with the server's code, message, details and, for 422, its problems.
 * Browser-safe and zod-free: no server imports, no schemas.
 */
import { parseErrorBody, type ProblemJson } from './common';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly problems: ProblemJson[] = [],
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The ApiError a failed response describes (its body in the one error shape, or its status). */
export async function toApiError(res: Response): Promise<ApiError> {
  const body = parseErrorBody(await res.json().catch(() => null));
  if (!body) return new ApiError(`${res.status} ${res.statusText || 'request failed'}`, res.status, `http_${res.status}`);
  return new ApiError(body.error.message, res.status, body.error.code, body.errors ?? [], body.error.details);
}

/** fetch without caching; a network failure or a non-2xx status throws ApiError. */
export async function send(url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store', ...init });
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw new ApiError('Could not reach the server. Is it running?', 0, 'network');
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** A JSON request body (and its content type), or none. */
export function jsonBody(method: string, body?: unknown): RequestInit {
  return body === undefined
    ? { method }
    : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * send(), then the response body typed by its contract: `request<GraphRecord>(url, init)` with the
 * type imported from lib/contracts (`import type`). The body is not checked here: the server's
 * responses are typed by the same contracts, and the API tests parse them with the contract schemas.
 * So no schema library is in the browser's first-load JS.
 */
export async function request<T>(url: string, init: RequestInit = {}): Promise<T> {
  return (await (await send(url, init)).json()) as T;
}
