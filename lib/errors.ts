/**
 * The one error type of the app: a stable code, a message and optional details. Code below the
 * route layer (lib/engine, lib/tools, lib/llm, db, lib/runtime) throws it without any HTTP status;
 * the route helpers (lib/server) answer `{ error: { code, message, details? } }` with the status
 * that `statusOf(code)` finds in the one table below.
 */
/**
 * Every error code the app throws (AppError, and the `kind` of an OpenAIApiError). Closed: a throw
 * with a code not listed here, or a code listed without a status below, does not compile; and
 * lib/errors.test.ts scans the source for thrown codes.
 */
export type ErrorCode =
  // 400: the request is wrong
  | 'bad_request'
  | 'invalid_messages'
  | 'invalid_conversation_id'
  | 'invalid_tool_outputs'
  | 'invalid_tool_call_id'
  | 'invalid_tool_choice'
  | 'tools_not_supported'
  | 'invalid_thread'
  | 'run_active'
  | 'run_not_waiting'
  | 'bad_checkpoint'
  | 'bad_resume'
  | 'no_connection'
  // 401, 402, 403
  | 'unauthorized'
  | 'invalid_api_key'
  | 'budget_exceeded'
  | 'ssrf_blocked'
  | 'forbidden'
  | 'cross_origin'
  | 'host_not_allowed'
  // 404, 405, 409
  | 'not_found'
  | 'method_not_allowed'
  | 'unknown_step'
  | 'conflict'
  | 'read_only'
  | 'not_paused'
  | 'resume_required'
  | 'run_cancelled'
  // 413, 415
  | 'payload_too_large'
  | 'unsupported_media_type'
  // 422: understood, but the graph, state or run cannot do it
  | 'invalid_graph'
  | 'invalid_state'
  | 'event_budget'
  | 'no_scripted_reply'
  // 429, 499
  | 'model_rate_limited'
  | 'rate_limited'
  | 'cancelled'
  // 5xx: our fault, or a server we called failed
  | 'internal'
  | 'run_failed'
  | 'tool_error'
  | 'run_not_settled'
  | 'store_unavailable'
  | 'request_timeout'
  | 'http_error'
  | 'mcp_error'
  | 'model_error'
  | 'model_unreachable'
  | 'model_unavailable'
  | 'model_unauthorized'
  | 'model_not_found'
  | 'model_reply_too_large'
  | 'model_incomplete'
  | 'model_timeout';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** code → HTTP status; the only place below the route layer that names one. A code without one does not compile. */
const STATUS_OF_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  invalid_messages: 400,
  invalid_conversation_id: 400,
  invalid_tool_outputs: 400,
  invalid_tool_call_id: 400,
  invalid_tool_choice: 400,
  /** The request's `tools` cannot join the graph (no tool-calling entry agent, or a name taken). */
  tools_not_supported: 400,
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
  /** The route exists but not with this method (the `Allow` header lists the ones it has). */
  method_not_allowed: 405,
  conflict: 409,
  read_only: 409,
  not_paused: 409,
  resume_required: 409,
  run_cancelled: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_graph: 422,
  invalid_state: 422,
  /** A run failed (on /api/v1: a 5xx server_error, answered with `x-should-retry: false` so that OpenAI clients do not start the graph again). */
  run_failed: 500,
  /** The run recorded more trace events than SWITCHYARD_RUN_MAX_EVENTS allows and was stopped: a limit, not a fault; retrying does the same. */
  event_budget: 422,
  /** A graph test made a model call its `replies` script has no answer for: the test file needs one more. */
  no_scripted_reply: 422,
  /** An API key's monthly cost budget is spent (lib/server/auth-keys.ts): Payment Required, not retried. */
  budget_exceeded: 402,
  model_rate_limited: 429,
  rate_limited: 429,
  cancelled: 499,
  internal: 500,
  tool_error: 500,
  run_not_settled: 500,
  /** The database did not answer within SWITCHYARD_STORE_RETRY_S (db/store/outage.ts): the run waits as interrupted and resumes once it is back. */
  store_unavailable: 503,
  /** The request body did not arrive within SWITCHYARD_BODY_TIMEOUT_S (lib/server/body.ts). */
  request_timeout: 408,
  /** An outbound HTTP call failed (not reachable, timed out, refused); the status the far server answered is data (`upstream_status`), never ours. */
  http_error: 502,
  /** An MCP server the operator configured failed or could not be reached. */
  mcp_error: 502,
  model_error: 502,
  model_unreachable: 502,
  model_unavailable: 502,
  model_unauthorized: 502,
  model_not_found: 502,
  /** A model server's reply passed SWITCHYARD_MAX_REPLY_BYTES (lib/llm/reply-cap.ts): the request was aborted. */
  model_reply_too_large: 502,
  /** A model stream ended without a finish_reason or [DONE] (lib/llm/stream-end.ts), on every attempt: never taken as an answer. */
  model_incomplete: 502,
  model_timeout: 504,
};

/** Every error code (the keys of the status table). */
export const ERROR_CODES = Object.keys(STATUS_OF_CODE) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(STATUS_OF_CODE, code);
}

/**
 * The HTTP status for an error code. The type admits only known codes; a string that is none of them
 * (it would have to be cast in) is our bug, so a 500, never a silent 400.
 */
export function statusOf(code: ErrorCode): number {
  return isErrorCode(code) ? STATUS_OF_CODE[code] : 500;
}

/** Whether an error code is the server's fault (5xx) rather than the caller's. */
export function isServerError(code: ErrorCode): boolean {
  return statusOf(code) >= 500;
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const conflict = (message: string, details?: unknown) => new AppError('conflict', message, details);
export const badRequest = (message: string, details?: unknown) => new AppError('bad_request', message, details);

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
