/**
 * Store outages (issue 21 item 5): which failures mean "the database is not there right now" (a
 * refused or cut connection, a server shutting down or starting up) rather than "this write is
 * wrong", and the bounded back-off with which the run's store writes wait for it to come back.
 *
 * SWITCHYARD_STORE_RETRY_S (default 60): how long a run's write keeps trying before it gives up with
 * `store_unavailable` (the run then waits as interrupted and resumes once the store answers again,
 * lib/runtime/store-outage.ts). 0 turns the retry off. The back-off starts at 100 ms and doubles up
 * to 2 s between attempts.
 */
import { AppError } from '@/lib/errors';

type Env = Record<string, string | undefined>;

export const DEFAULT_STORE_RETRY_S = 60;
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 2000;

/** Node's socket errors when the server is not there or went away. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOENT']);
/** SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now (57P01-03), and class 08 (connection exception). */
const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** What `pg` throws without a code when the connection ends under a query or a connect. */
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|server closed the connection unexpectedly/i;

/** Whether `err` (or its cause, as drizzle wraps driver errors) says the database is not reachable now. */
export function isStoreUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown; message?: unknown; errors?: unknown } | null, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof AppError) return e.code === 'store_unavailable';
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    // AggregateError (a host name with several addresses): unreachable when every attempt was.
    if (Array.isArray(e.errors) && e.errors.length && e.errors.every((x) => isStoreUnavailable(x))) return true;
  }
  return false;
}

export interface StoreRetryPolicy {
  /** The longest a write waits for the store, in ms (0: no retry). */
  limitMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The policy from the environment (a missing or bad value is the default). */
export function storeRetryPolicy(env: Env = process.env): StoreRetryPolicy {
  const raw = env.SWITCHYARD_STORE_RETRY_S?.trim();
  const s = raw ? Number(raw) : DEFAULT_STORE_RETRY_S;
  const limitS = Number.isFinite(s) && s >= 0 ? s : DEFAULT_STORE_RETRY_S;
  return { limitMs: Math.round(limitS * 1000), firstDelayMs: FIRST_DELAY_MS, maxDelayMs: MAX_DELAY_MS };
}

/** The error a write gives up with: the database stayed away longer than the policy allows. */
export function storeUnavailable(what: string, waitedMs: number, cause: unknown): AppError {
  const why = cause instanceof Error ? cause.message : String(cause);
  return new AppError(
    'store_unavailable',
    `The database did not answer for ${Math.round(waitedMs / 1000)} s while ${what} (SWITCHYARD_STORE_RETRY_S): ${why}`,
    { waited_ms: waitedMs },
  );
}

export interface RetryOptions {
  /** What is being done (the error's message names it). */
  what: string;
  policy?: StoreRetryPolicy;
  /** Called before each wait (attempt 1 is the first retry). */
  onRetry?: (attempt: number, err: unknown) => void;
  /** Called before each retry: an attempt that may have reached the database can check it here (true: done, no retry). */
  alreadyDone?: () => Promise<boolean>;
  /** Stops waiting (the run was cancelled): the last error is thrown. */
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * Runs `fn`; while it fails because the store is unavailable, runs it again after a back-off, for at
 * most the policy's limit, then throws `store_unavailable`. Any other failure is thrown as it is.
 */
export async function retryWhileUnavailable<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const policy = opts.policy ?? storeRetryPolicy();
  const started = Date.now();
  let delay = policy.firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isStoreUnavailable(err) || (err instanceof AppError && err.code === 'store_unavailable')) throw err;
      const waited = Date.now() - started;
      if (opts.signal?.aborted) throw err;
      if (waited >= policy.limitMs) throw storeUnavailable(opts.what, waited, err);
      opts.onRetry?.(attempt, err);
      await sleep(Math.min(delay, policy.limitMs - waited));
      delay = Math.min(delay * 2, policy.maxDelayMs);
      if (opts.alreadyDone) {
        // The check itself needs the store: when it cannot answer, the next attempt finds out.
        const done = await opts.alreadyDone().catch(() => false);
        if (done) return undefined as T;
      }
    }
  }
}
