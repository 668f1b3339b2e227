/**
 * Accounts (issue 11): the tables better-auth reads and writes through its drizzle adapter (user,
 * session, account, verification; property names are better-auth's field names), a `role` on each
 * user (admin / editor / viewer), and personal API keys stored as SHA-256 hashes only.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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

/**
 * Workspaces (issue 21, item 1): every graph (with its versions, runs, tests and conversation
 * memory), thread and personal API key belongs to one workspace; users are members with a role per
 * workspace. Each user has a personal workspace (`personalOf`); the instance's data from before
 * workspaces lives in the "Default" workspace (id DEFAULT_WORKSPACE_ID). A member's role in a
 * workspace is capped by their instance role (users.role): lib/server/workspace-access.ts.
 * Connections and MCP servers are instance-wide (workspace_id null) or belong to one workspace.
 */
/** The workspace the migration puts the instance's existing data in, and where examples are seeded. */
export const DEFAULT_WORKSPACE_ID = 'default';

export const workspaces = sqliteTable('workspaces', {
  id: text('id').primaryKey(),
  /** Shown in the switcher (not unique: a deleted user's personal workspace keeps its name). */
  name: text('name').notNull(),
  /** The user whose personal workspace this is (null: a shared workspace, or its user was deleted). */
  personalOf: text('personal_of')
    .unique()
    .references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export const workspaceMembers = sqliteTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** viewer | editor | admin, in this workspace. */
    role: text('role').notNull(),
    /** The workspace a user's create and list calls go to when they name none (one per user). */
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('workspace_members_user_idx').on(t.userId)],
);

/** Personal API keys: the key is shown once at creation; only its SHA-256 (hex) is kept. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The one workspace the key acts in (with its user's role there). */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
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
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
