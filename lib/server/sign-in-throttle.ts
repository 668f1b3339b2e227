/**
 * Back-off after failed sign-ins (issue 21 item 2), per client address (lib/server/client-address.ts:
 * the socket peer, or the client a trusted proxy names) and per account (the email, hashed), kept in
 * the database (db/store/ports-auth.ts) so every process of the server agrees.
 *
 * A key gets `free` failures; from the `free`-th on it is locked out for `base` seconds, doubling with
 * each further failure, up to `cap`. While either the address or the account is locked, a sign-in is
 * refused with 429 `rate_limited` and Retry-After before the password is even checked (so a guess
 * made during a lock-out tells nothing, and does not count). A successful sign-in forgets the
 * account's failures (not the address's: one good account must not reset an address that guesses
 * others'). Failures older than `forgetAfter` are forgotten.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { getStore } from '@/db/store';
import { AppError } from '@/lib/errors';

export interface BackoffPolicy {
  /** Failures allowed before the first lock-out. */
  free: number;
  /** The first lock-out, in seconds; each further failure doubles it. */
  baseS: number;
  /** The longest lock-out, in seconds. */
  capS: number;
}

export const ACCOUNT_POLICY: BackoffPolicy = { free: 5, baseS: 30, capS: 15 * 60 };
export const ADDRESS_POLICY: BackoffPolicy = { free: 10, baseS: 30, capS: 60 * 60 };
/** A quiet day forgets the failures. */
export const FORGET_AFTER_MS = 24 * 3600_000;

/** The end of the lock-out after `failures` consecutive failures (null: none yet). */
export function lockedUntil(policy: BackoffPolicy, failures: number, at: Date): Date | null {
  if (failures < policy.free) return null;
  const seconds = Math.min(policy.capS, policy.baseS * 2 ** Math.min(30, failures - policy.free));
  return new Date(at.getTime() + seconds * 1000);
}

export const addressKey = (address: string) => `address:${address}`;
export const accountKey = (email: string) => `account:${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;

export interface SignInAttempt {
  address: string;
  email: string;
}

function keysOf(a: SignInAttempt) {
  return [
    { key: addressKey(a.address), policy: ADDRESS_POLICY, what: 'this address' },
    { key: accountKey(a.email), policy: ACCOUNT_POLICY, what: 'this account' },
  ];
}

/** Throws 429 `rate_limited` (with retry_after_s) when the address or the account is locked out. */
export async function assertNotLockedOut(a: SignInAttempt, now = new Date()): Promise<void> {
  const keys = keysOf(a);
  const rows = await getStore().signInThrottle.get(keys.map((k) => k.key));
  let worst: { until: Date; what: string } | null = null;
  for (const row of rows) {
    if (!row.lockedUntil || row.lockedUntil <= now) continue;
    const what = keys.find((k) => k.key === row.key)!.what;
    if (!worst || row.lockedUntil > worst.until) worst = { until: row.lockedUntil, what };
  }
  if (!worst) return;
  const wait = Math.max(1, Math.ceil((worst.until.getTime() - now.getTime()) / 1000));
  throw new AppError(
    'rate_limited',
    `too many failed sign-ins for ${worst.what}: sign-in is locked for ${wait} s more (each further failure doubles the wait); an admin can reset the password`,
    { retry_after_s: wait },
  );
}

/** Counts a failed sign-in against the address and the account. */
export async function recordFailure(a: SignInAttempt, now = new Date()): Promise<void> {
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const store = getStore().signInThrottle;
  for (const k of keysOf(a)) await store.fail(k.key, now, forgetBefore, (failures) => lockedUntil(k.policy, failures, now));
  if (Math.random() < 0.01) await store.prune(forgetBefore).catch(() => 0);
}

/** A successful sign-in: the account's failures are forgotten. */
export async function recordSuccess(email: string): Promise<void> {
  await getStore().signInThrottle.clear(accountKey(email));
}
