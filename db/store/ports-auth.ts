/**
 * The sign-in back-off's repository (issue 21 item 2): failed sign-ins per address and per account,
 * kept in the database so that every process of a server sees the same counts and lock-outs
 * (db/schema/sign-in-failures.ts; the policy is lib/server/sign-in-throttle.ts).
 */
export interface SignInFailure {
  key: string;
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

export interface SignInThrottleRepository {
  /** The rows of these keys (keys without failures have none). */
  get(keys: string[]): Promise<SignInFailure[]>;
  /**
   * One more failure for `key`, atomically (concurrent failures each count): the count restarts at 1
   * when the last failure was before `forgetBefore`; the row's lock-out becomes `lockUntil(failures)`
   * (null: not locked). Returns the row as stored.
   */
  fail(key: string, at: Date, forgetBefore: Date, lockUntil: (failures: number) => Date | null): Promise<SignInFailure>;
  /** Forgets the key's failures (a successful sign-in, an admin's reset). */
  clear(key: string): Promise<void>;
  /** Drops rows whose last failure is before `before` and that are not locked any more; returns how many. */
  prune(before: Date): Promise<number>;
}
