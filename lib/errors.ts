/**
 * The one error type of the app: a stable code, a message and optional details. Code below the
 * route layer (lib/engine, lib/tools, lib/llm, db, lib/runtime) throws it without any HTTP status;
 * the route helpers (lib/server) answer `{ error: { code, message, details? } }` with the status
 * that `statusOf(code)` finds in the one table below.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** code → HTTP status; the only place below the route layer that names one. */
const STATUS_OF_CODE: Record<string, number> = {
  bad_request: 400,
  invalid_messages: 400,
  invalid_conversation_id: 400,
  invalid_tool_outputs: 400,
  invalid_tool_call_id: 400,
  run_active: 400,
  run_not_waiting: 400,
  invalid_thread: 400,
  invalid_api_key: 401,
  bad_checkpoint: 400,
  bad_resume: 400,
  no_connection: 400,
  unauthorized: 401,
  ssrf_blocked: 403,
  forbidden: 403,
  cross_origin: 403,
  host_not_allowed: 403,
  not_found: 404,
  unknown_step: 404,
  conflict: 409,
  read_only: 409,
  not_paused: 409,
  resume_required: 409,
  run_cancelled: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_graph: 422,
  invalid_state: 422,
  /** 422, not 5xx: OpenAI clients retry 5xx, which would start the graph again. */
  run_failed: 422,
  /** An API key's monthly cost budget is spent (lib/server/auth-keys.ts): Payment Required, not retried. */
  budget_exceeded: 402,
  model_rate_limited: 429,
  rate_limited: 429,
  cancelled: 499,
  internal: 500,
  tool_error: 500,
  run_not_settled: 500,
  http_error: 502,
  model_error: 502,
  model_unreachable: 502,
  model_unavailable: 502,
  model_unauthorized: 502,
  model_not_found: 502,
  model_timeout: 504,
};

/** The HTTP status for an error code; a code the table does not know is the caller's fault (400). */
export function statusOf(code: string): number {
  return STATUS_OF_CODE[code] ?? 400;
}

/** Whether an error code is the server's fault (5xx) rather than the caller's. */
export function isServerError(code: string): boolean {
  return statusOf(code) >= 500;
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const conflict = (message: string, details?: unknown) => new AppError('conflict', message, details);
export const badRequest = (message: string, details?: unknown) => new AppError('bad_request', message, details);

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
