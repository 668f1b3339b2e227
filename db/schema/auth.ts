/**
 * Accounts (issue 11): the tables better-auth reads and writes through its drizzle adapter (user,
 * session, account, verification; property names are better-auth's field names), a `role` on each
 * user (admin / editor / viewer), and personal API keys stored as SHA-256 hashes only.
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;
const stamp = (name: string) => integer(name, { mode: 'timestamp_ms' }).notNull().default(now);

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
  image: text('image'),
  /** admin | editor | viewer (lib/server/roles.ts). */
  role: text('role').notNull().default('viewer'),
  createdAt: stamp('created_at'),
  updatedAt: stamp('updated_at'),
});

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = sqliteTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: integer('access_token_expires_at', { mode: 'timestamp_ms' }),
    refreshTokenExpiresAt: integer('refresh_token_expires_at', { mode: 'timestamp_ms' }),
    scope: text('scope'),
    /** The password hash (better-auth's scrypt format) of an email/password account. */
    password: text('password'),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = sqliteTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  createdAt: stamp('created_at'),
  updatedAt: stamp('updated_at'),
});

/** Personal API keys: the key is shown once at creation; only its SHA-256 (hex) is kept. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the key (e.g. `sy_Ab12Cd`), to tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: stamp('created_at'),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    /** Budget (cost): USD the runs started with this key may cost per calendar month (UTC); null: no budget. */
    maxCostUsd: real('max_cost_usd'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
