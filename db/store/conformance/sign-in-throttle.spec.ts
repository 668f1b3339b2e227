/** The SignInThrottleRepository contract (db/store/ports-auth.ts): failed sign-ins per key, counted atomically. */
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';

export function signInThrottleSpecs(store: () => Store): void {
  const t = () => store().signInThrottle;
  const at = (ms: number) => new Date(ms);
  const lockFrom3 = (now: number) => (failures: number) => (failures >= 3 ? at(now + failures * 1000) : null);

  describe('signInThrottle.fail and get', () => {
    it('counts failures per key and sets the lock-out the policy gives for the count', async () => {
      for (let i = 1; i <= 2; i++) expect(await t().fail('account:a', at(1000 * i), at(0), lockFrom3(1000 * i))).toMatchObject({ key: 'account:a', failures: i, lockedUntil: null });
      const third = await t().fail('account:a', at(3000), at(0), lockFrom3(3000));
      expect(third).toEqual({ key: 'account:a', failures: 3, lastFailureAt: at(3000), lockedUntil: at(6000) });
      await t().fail('address:1.2.3.4', at(3000), at(0), lockFrom3(3000));
      const rows = await t().get(['account:a', 'address:1.2.3.4', 'account:none']);
      expect(rows.map((r) => [r.key, r.failures]).sort()).toEqual([['account:a', 3], ['address:1.2.3.4', 1]]);
      expect(await t().get([])).toEqual([]);
    });

    it('starts over at 1 when the last failure is older than forgetBefore', async () => {
      await t().fail('k', at(1000), at(0), () => null);
      await t().fail('k', at(2000), at(0), () => null);
      expect((await t().fail('k', at(90_000), at(50_000), () => null)).failures).toBe(1);
    });

    it('concurrent failures each count', async () => {
      await Promise.all(Array.from({ length: 12 }, () => t().fail('hot', at(5000), at(0), () => null)));
      expect((await t().get(['hot']))[0].failures).toBe(12);
    });
  });

  describe('signInThrottle.clear and prune', () => {
    it('clear forgets a key; prune drops old rows that are not locked any more', async () => {
      await t().fail('a', at(1000), at(0), () => null);
      await t().fail('b', at(1000), at(0), () => at(100_000)); // locked past the cut
      await t().fail('c', at(9000), at(0), () => null); // recent
      await t().clear('c');
      expect((await t().get(['c']))).toEqual([]);
      await t().fail('c', at(9000), at(0), () => null);
      expect(await t().prune(at(5000))).toBe(1);
      expect((await t().get(['a', 'b', 'c'])).map((r) => r.key).sort()).toEqual(['b', 'c']);
    });
  });
}
