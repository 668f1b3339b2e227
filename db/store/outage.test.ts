/**
 * db/store/outage.ts: which errors mean "the database is not there now", and the bounded back-off
 * a run's writes wait with (real timers, short limits).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { isStoreUnavailable, retryWhileUnavailable, storeRetryPolicy } from './outage';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const fast = { limitMs: 300, firstDelayMs: 5, maxDelayMs: 20 };

describe('isStoreUnavailable', () => {
  it('knows refused and cut connections, shutting-down servers and drizzle-wrapped ones', () => {
    expect(isStoreUnavailable(refused())).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isStoreUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStoreUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true); // pg-pool's connectionTimeoutMillis
    expect(isStoreUnavailable(new Error('Failed query: insert …', { cause: refused() }))).toBe(true);
    expect(isStoreUnavailable(new AppError('store_unavailable', 'gave up'))).toBe(true);
  });
  it('does not take a wrong write for an outage', () => {
    expect(isStoreUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isStoreUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isStoreUnavailable(new AppError('not_found', 'run'))).toBe(false);
    expect(isStoreUnavailable(new Error('boom'))).toBe(false);
    expect(isStoreUnavailable(null)).toBe(false);
  });
});

describe('retryWhileUnavailable', () => {
  it('tries again while the store is away and returns once it answers', async () => {
    let calls = 0;
    const retries: number[] = [];
    const v = await retryWhileUnavailable(
      async () => {
        if (++calls < 4) throw refused();
        return 'written';
      },
      { what: 'writing', policy: fast, onRetry: (n) => retries.push(n) },
    );
    expect(v).toBe('written');
    expect(calls).toBe(4);
    expect(retries).toEqual([1, 2, 3]);
  });
  it('gives up past the limit with store_unavailable naming what it did and the setting', async () => {
    let calls = 0;
    const err = await retryWhileUnavailable(
      async () => {
        calls++;
        throw refused();
      },
      { what: "writing run r1's step", policy: fast },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'store_unavailable', message: expect.stringMatching(/writing run r1's step \(SWITCHYARD_STORE_RETRY_S\): connect ECONNREFUSED/) });
    expect(calls).toBeGreaterThan(2);
  });
  it('throws any other failure at once, without retrying', async () => {
    let calls = 0;
    const dup = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryWhileUnavailable(
        async () => {
          calls++;
          throw dup;
        },
        { what: 'writing', policy: fast },
      ),
    ).rejects.toBe(dup);
    expect(calls).toBe(1);
  });
  it('does not write twice what the cut attempt had written (alreadyDone)', async () => {
    let calls = 0;
    await retryWhileUnavailable(
      async () => {
        calls++;
        throw new Error('Connection terminated unexpectedly');
      },
      { what: 'writing', policy: fast, alreadyDone: async () => true },
    );
    expect(calls).toBe(1);
  });
  it('with SWITCHYARD_STORE_RETRY_S=0 gives up at the first failure', async () => {
    const policy = storeRetryPolicy({ SWITCHYARD_STORE_RETRY_S: '0' });
    expect(policy.limitMs).toBe(0);
    await expect(retryWhileUnavailable(() => Promise.reject(refused()), { what: 'writing', policy })).rejects.toMatchObject({ code: 'store_unavailable' });
    expect(storeRetryPolicy({}).limitMs).toBe(60_000);
    expect(storeRetryPolicy({ SWITCHYARD_STORE_RETRY_S: 'soon' }).limitMs).toBe(60_000);
  });
});
