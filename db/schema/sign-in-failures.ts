/**
 * Failed sign-ins (issue 21 item 2): one row per throttled key, an address (`address:<ip>`) or an
 * account (`account:<sha256 of the lower-case email>`), with its consecutive failures and the end of
 * its lock-out. In the database so that every process of a server (several on Postgres) agrees;
 * lib/server/sign-in-throttle.ts holds the policy.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const signInFailures = sqliteTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: integer('last_failure_at', { mode: 'timestamp_ms' }).notNull(),
  lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
});

export type SignInFailureRow = typeof signInFailures.$inferSelect;
