import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter, rateLimitPerMinute, retryAfterOf } from './rate-limit';

describe('rate limiter (token bucket per caller)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('allows a burst of the limit, then 429 with the seconds until the next token; refills over the minute', () => {
    const limiter = new RateLimiter(() => 6); // one token every 10 s
    for (let i = 0; i < 6; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(10);
    vi.advanceTimersByTime(4_000);
    expect(limiter.take('a')).toBe(6);
    vi.advanceTimersByTime(6_000);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(10);
    vi.advanceTimersByTime(60_000);
    for (let i = 0; i < 6; i++) expect(limiter.take('a')).toBe(0); // full again, never above the limit
    expect(limiter.take('a')).toBeGreaterThan(0);
  });

  it('keeps one bucket per caller', () => {
    const limiter = new RateLimiter(() => 1);
    expect(limiter.take('key:1')).toBe(0);
    expect(limiter.take('key:1')).toBe(60);
    expect(limiter.take('user:2')).toBe(0);
  });

  it('consume throws rate_limited with Retry-After; a limit of 0 turns limits off', () => {
    const limiter = new RateLimiter(() => 1);
    limiter.consume('k');
    let thrown: unknown;
    try {
      limiter.consume('k');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ code: 'rate_limited' });
    expect(retryAfterOf(thrown)).toBe('60');
    const off = new RateLimiter(() => 0);
    for (let i = 0; i < 1000; i++) off.consume('k');
  });

  it('SWITCHYARD_RATE_LIMIT: requests per minute, default 120, bad values are the default', () => {
    expect(rateLimitPerMinute({})).toBe(120);
    expect(rateLimitPerMinute({ SWITCHYARD_RATE_LIMIT: '30' })).toBe(30);
    expect(rateLimitPerMinute({ SWITCHYARD_RATE_LIMIT: '0' })).toBe(0);
    expect(rateLimitPerMinute({ SWITCHYARD_RATE_LIMIT: 'lots' })).toBe(120);
    expect(rateLimitPerMinute({ SWITCHYARD_RATE_LIMIT: '-5' })).toBe(120);
  });
});
