/**
 * Failed sign-ins on SQLite (db/schema/sign-in-failures.ts): the synchronous side of the async
 * SignInThrottleRepository (db/store/sqlite.ts). Each failure is one transaction: better-sqlite3 is
 * synchronous and SQLite serialises writers, so concurrent failures each count.
 */
import 'server-only';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { getDb } from './client';
import { signInFailures } from './schema/sign-in-failures';
import type { SignInFailure } from './store/ports-auth';

export function getSignInFailures(keys: string[]): SignInFailure[] {
  if (!keys.length) return [];
  return getDb().select().from(signInFailures).where(inArray(signInFailures.key, keys)).all();
}

export function failSignIn(key: string, at: Date, forgetBefore: Date, lockUntil: (failures: number) => Date | null): SignInFailure {
  return getDb().transaction((tx) => {
    const row = tx.select().from(signInFailures).where(eq(signInFailures.key, key)).get();
    const failures = row && row.lastFailureAt >= forgetBefore ? row.failures + 1 : 1;
    const values = { failures, lastFailureAt: at, lockedUntil: lockUntil(failures) };
    return tx.insert(signInFailures).values({ key, ...values }).onConflictDoUpdate({ target: signInFailures.key, set: values }).returning().get();
  });
}

export function clearSignInFailures(key: string): void {
  getDb().delete(signInFailures).where(eq(signInFailures.key, key)).run();
}

export function pruneSignInFailures(before: Date): number {
  const gone = getDb()
    .delete(signInFailures)
    .where(and(lt(signInFailures.lastFailureAt, before), or(isNull(signInFailures.lockedUntil), lt(signInFailures.lockedUntil, before))))
    .returning({ key: signInFailures.key })
    .all();
  return gone.length;
}
