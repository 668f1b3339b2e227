/**
 * Retry policy for model calls: which failures are worth retrying, how long to wait
 * (exponential backoff with jitter, or what the server asked for), and an abortable sleep.
 */
import { AppError } from '../errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff step; doubles each retry. */
  baseDelayMs: number;
  /** No single wait is longer than this, whatever Retry-After says. */
  maxWaitMs: number;
  /** Total waiting allowed for one call across its retries. */
  retryBudgetMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxWaitMs: 30_000,
  retryBudgetMs: 120_000,
};

/** A `Headers`-like thing (fetch Headers, or a plain record in tests). */
type HeaderSource = { get(name: string): string | null } | Record<string, string | undefined> | undefined | null;

function header(h: HeaderSource, name: string): string | null {
  if (!h) return null;
  if (typeof (h as { get?: unknown }).get === 'function') return (h as { get(n: string): string | null }).get(name);
  const rec = h as Record<string, string | undefined>;
  const key = Object.keys(rec).find((k) => k.toLowerCase() === name);
  return key ? (rec[key] ?? null) : null;
}

/**
 * What the server asked us to wait, in ms: `retry-after-ms`, else `Retry-After` as seconds or an
 * HTTP date. Null when absent or unparseable.
 */
export function retryAfterMs(headers: HeaderSource, now: number = Date.now()): number | null {
  const ms = header(headers, 'retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const v = Number(ms);
    if (Number.isFinite(v) && v >= 0) return v;
  }
  const ra = header(headers, 'retry-after');
  if (ra === null || ra.trim() === '') return null;
  const secs = Number(ra);
  if (Number.isFinite(secs)) return secs >= 0 ? secs * 1000 : null;
  const date = Date.parse(ra);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** Backoff for retry number `attempt` (1-based): base·2^(attempt-1), with ±25% jitter, capped. */
function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const raw = policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  const jittered = raw * (0.75 + random() * 0.5);
  return Math.round(Math.min(policy.maxWaitMs, jittered));
}

/** The wait before retry `attempt`: the server's ask if it gave one, else backoff; capped. */
export function chooseWait(attempt: number, policy: RetryPolicy, serverAskMs: number | null, random?: () => number): number {
  if (serverAskMs !== null) return Math.round(Math.min(policy.maxWaitMs, serverAskMs));
  return backoffMs(attempt, policy, random);
}

export function cancelledError(): AppError {
  return new AppError('cancelled', 'The model call was cancelled.');
}

/** Resolves after `ms`, or rejects with a `cancelled` AppError as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
