/**
 * Failed sign-ins on Postgres (the contract of db/store/ports-auth.ts): a failure is one upsert that
 * increments the count under the row's lock (concurrent failures from several processes each count),
 * then sets the lock-out the policy gives for that count, in the same transaction.
 */
import 'server-only';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { signInFailures } from '../../schema-pg';
import type { SignInFailure, SignInThrottleRepository } from '../ports-auth';
import { pgDb } from './db';

export const pgSignInThrottle: SignInThrottleRepository = {
  async get(keys) {
    if (!keys.length) return [];
    return (await (await pgDb()).select().from(signInFailures).where(inArray(signInFailures.key, keys))) as SignInFailure[];
  },
  async fail(key, at, forgetBefore, lockUntil) {
    return (await pgDb()).transaction(async (tx) => {
      const [counted] = await tx
        .insert(signInFailures)
        .values({ key, failures: 1, lastFailureAt: at, lockedUntil: null })
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            failures: sql`case when ${signInFailures.lastFailureAt} < ${forgetBefore.getTime()} then 1 else ${signInFailures.failures} + 1 end`,
            lastFailureAt: at,
          },
        })
        .returning({ failures: signInFailures.failures });
      const failures = Number(counted.failures);
      const [row] = await tx.update(signInFailures).set({ lockedUntil: lockUntil(failures) }).where(eq(signInFailures.key, key)).returning();
      return row as SignInFailure;
    });
  },
  async clear(key) {
    await (await pgDb()).delete(signInFailures).where(eq(signInFailures.key, key));
  },
  async prune(before) {
    const gone = await (await pgDb())
      .delete(signInFailures)
      .where(and(lt(signInFailures.lastFailureAt, before), or(isNull(signInFailures.lockedUntil), lt(signInFailures.lockedUntil, before))))
      .returning({ key: signInFailures.key });
    return gone.length;
  },
};
