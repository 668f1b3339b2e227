/**
 * Classifies what went wrong in one model-call attempt: retryable (rate limit, 5xx, connection,
 * timeout) or final, and the AppError a caller sees, saying what the server said.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { AppError, type ErrorCode } from '../errors';
import { replyTooLarge } from './reply-cap';
import { retryAfterMs } from './retry';
import { StreamIncomplete } from './stream-end';

/** Thrown by an attempt when its per-call timeout fired. */
export class ModelTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no response from the model server within ${timeoutMs} ms`);
  }
}

export interface Failure {
  retryable: boolean;
  /** Short reason for trace events and the final message, e.g. "429 Too Many Requests: slow down". */
  reason: string;
  /** The server's Retry-After, in ms, if it sent one. */
  serverAskMs: number | null;
  /** What to throw if we give up now. */
  error: AppError;
  status?: number;
}

const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** The outbound address policy's refusal (code ssrf_blocked) behind a failed request, if that is what stopped it. */
export function blockedByPolicy(err: unknown, depth = 0): AppError | undefined {
  if (err instanceof AppError) return err.code === 'ssrf_blocked' ? err : undefined;
  if (!err || typeof err !== 'object' || depth > 6) return undefined;
  return blockedByPolicy((err as { cause?: unknown }).cause, depth + 1);
}

export function classifyFailure(err: unknown, connection: string, baseUrl: string): Failure {
  if (err instanceof AppError) return { retryable: false, reason: err.message, serverAskMs: null, error: err };
  const tooLarge = replyTooLarge(err);
  if (tooLarge) {
    const reason = `reply too large: ${tooLarge.message}`;
    return {
      retryable: false,
      reason,
      serverAskMs: null,
      error: new AppError('model_reply_too_large', `The model server at ${baseUrl} sent a reply larger than ${tooLarge.limit} bytes (SWITCHYARD_MAX_REPLY_BYTES); the request was aborted.`, { limit_bytes: tooLarge.limit, received_bytes: tooLarge.received }),
    };
  }
  const blocked = blockedByPolicy(err);
  if (blocked) return { retryable: false, reason: blocked.message, serverAskMs: null, error: blocked };
  if (err instanceof ModelTimeout || err instanceof APIConnectionTimeoutError) {
    const reason = err instanceof ModelTimeout ? `timeout: ${err.message}` : 'timeout: the request timed out';
    return { retryable: true, reason, serverAskMs: null, error: new AppError('model_timeout', `Model call timed out (${reason}) at ${baseUrl}.`) };
  }
  if (err instanceof StreamIncomplete) {
    // Retried like a dropped connection; never an answer (stream-end.ts).
    const reason = `incomplete stream: ${err.message}`;
    return { retryable: true, reason, serverAskMs: null, error: new AppError('model_incomplete', `The model server at ${baseUrl} ended its reply early: ${err.message}. The partial reply was discarded.`) };
  }
  if (err instanceof APIConnectionError) {
    const cause = (err as { cause?: unknown }).cause;
    const detail = describeCause(cause) || err.message;
    const reason = `connection error: ${detail}`;
    return {
      retryable: true,
      reason,
      serverAskMs: null,
      error: new AppError('model_unreachable', `Could not reach the model server at ${baseUrl} (${detail}).`),
    };
  }
  if (err instanceof APIError) return classifyApiError(err, connection, baseUrl);
  if (err instanceof SyntaxError) {
    return {
      retryable: false,
      reason: 'bad stream chunk',
      serverAskMs: null,
      error: new AppError('model_error', `The model server at ${baseUrl} sent a stream chunk that is not valid JSON (${err.message}).`),
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { retryable: false, reason: message, serverAskMs: null, error: new AppError('model_error', `Model call failed: ${message}`) };
}

function classifyApiError(err: APIError, connection: string, baseUrl: string): Failure {
  const status = err.status;
  const said = serverMessage(err);
  const statusText = status ? `${status}${STATUS_TEXT[status] ? ' ' + STATUS_TEXT[status] : ''}` : 'error';
  const reason = said ? `${statusText}: ${said}` : statusText;
  const where = `the model server at ${baseUrl}`;
  if (status === undefined) {
    // An `error` object inside the stream itself.
    return { retryable: false, reason, serverAskMs: null, error: new AppError('model_error', `Model call failed: ${where} reported an error mid-stream: ${said || err.message}`), status };
  }
  if (RETRYABLE_STATUS.has(status)) {
    const code = status === 429 ? 'model_rate_limited' : 'model_unavailable';
    return {
      retryable: true,
      reason,
      serverAskMs: retryAfterMs(err.headers),
      error: new AppError(code, `Model call failed: ${where} answered ${reason}`),
      status,
    };
  }
  let code: ErrorCode = 'model_error';
  let message = `Model call failed: ${where} answered ${reason}`;
  if (status === 401 || status === 403) {
    code = 'model_unauthorized';
    message = `The model server at ${baseUrl} refused the credentials of connection "${connection}" (${reason}). Check its API key.`;
  } else if (status === 404) {
    code = 'model_not_found';
    message = `Model call failed: ${where} answered ${reason}. Check the model name and that the base URL ends in /v1.`;
  }
  return { retryable: false, reason, serverAskMs: null, error: new AppError(code, message), status };
}

function serverMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | string | undefined;
  if (body && typeof body === 'object' && typeof body.message === 'string') return body.message;
  if (typeof body === 'string') return body.slice(0, 500);
  return '';
}

function describeCause(cause: unknown): string {
  if (!cause || typeof cause !== 'object') return '';
  const c = cause as { code?: unknown; message?: unknown; cause?: unknown };
  const inner = describeCause(c.cause);
  if (inner) return inner;
  if (typeof c.code === 'string') return typeof c.message === 'string' ? `${c.code}: ${c.message}` : c.code;
  return typeof c.message === 'string' ? c.message : '';
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  425: 'Too Early',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
