/**
 * Rate limits (issue 11 item 9): a token bucket per caller (API key, user, the service key), in
 * memory, for /api/v1, /api/mcp and run starts. SWITCHYARD_RATE_LIMIT is the number of requests per
 * minute each caller may make (default 120; a burst of that many, refilled evenly over the minute;
 * 0 turns the limits off). Over the limit: 429 `rate_limited` with `Retry-After` (seconds).
 */
import { AppError } from '@/lib/errors';

export const DEFAULT_RATE_LIMIT = 120;

/** Requests per minute from SWITCHYARD_RATE_LIMIT (a bad value is the default; 0 = no limit). */
export function rateLimitPerMinute(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SWITCHYARD_RATE_LIMIT?.trim();
  if (!raw) return DEFAULT_RATE_LIMIT;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_RATE_LIMIT;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perMinute: () => number = rateLimitPerMinute,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the seconds until the next token. */
  take(key: string): number {
    const limit = this.perMinute();
    if (limit <= 0) return 0;
    const t = this.now();
    const perMs = limit / 60_000;
    if (this.buckets.size >= 10_000) this.prune(limit);
    const b = this.buckets.get(key) ?? { tokens: limit, at: t };
    b.tokens = Math.min(limit, b.tokens + Math.max(0, t - b.at) * perMs);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
  }

  /** Drops the buckets that are full again (they hold nothing a fresh bucket would not). */
  private prune(limit: number): void {
    const t = this.now();
    for (const [k, b] of this.buckets) if (b.tokens + (t - b.at) * (limit / 60_000) >= limit) this.buckets.delete(k);
  }

  /** Throws 429 `rate_limited` (details.retry_after_s, sent as Retry-After) when `key` is over its limit. */
  consume(key: string): void {
    const wait = this.take(key);
    if (wait > 0) {
      throw new AppError('rate_limited', `too many requests: try again in ${wait} s (SWITCHYARD_RATE_LIMIT is ${this.perMinute()} per minute)`, {
        retry_after_s: wait,
      });
    }
  }
}

const KEY = Symbol.for('switchyard.rate-limiter');
type G = typeof globalThis & { [KEY]?: RateLimiter };

/** The process's limiter. */
export function rateLimiter(): RateLimiter {
  const g = globalThis as G;
  return (g[KEY] ??= new RateLimiter());
}

/** Retry-After for a rate_limited error, else undefined. */
export function retryAfterOf(err: unknown): string | undefined {
  if (!(err instanceof AppError) || err.code !== 'rate_limited') return undefined;
  const s = (err.details as { retry_after_s?: unknown } | undefined)?.retry_after_s;
  return typeof s === 'number' ? String(s) : undefined;
}
