/**
 * Personal API keys: only the SHA-256 of a key is stored (the caller hashes; the key itself is
 * shown once at creation). Synchronous: the SQLite side of the async ApiKeyRepository (db/store/sqlite.ts). A key acts as its user, with the user's current role.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { getDb } from './client';
import { apiKeys, users, type ApiKeyRow, type UserRow } from './schema/auth';
import { runs } from './schema/runs';
import { tooManyKeys } from './store/key-cap';
import { checkStorableJson } from './store/storable';
import { requireWorkspace } from './workspaces';

export type { ApiKeyRow } from './schema/auth';

export function insertApiKey(input: { userId: string; workspaceId: string; name: string; prefix: string; keyHash: string; maxCostUsd?: number | null }, opts: { maxKeys?: number } = {}): ApiKeyRow {
  checkStorableJson('the key name', input.name);
  return getDb().transaction((tx) => {
    requireWorkspace(tx, input.workspaceId);
    if (opts.maxKeys !== undefined) {
      const [row] = tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, input.userId)).all();
      if ((row?.n ?? 0) >= opts.maxKeys) throw tooManyKeys(opts.maxKeys);
    }
    return tx.insert(apiKeys).values({ id: randomUUID(), ...input, createdAt: new Date() }).returning().get();
  });
}

export function listApiKeys(userId: string): ApiKeyRow[] {
  return getDb().select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt)).all();
}

export function getApiKey(id: string): ApiKeyRow | undefined {
  return getDb().select().from(apiKeys).where(eq(apiKeys.id, id)).get();
}

/** Sets (or, null, removes) the monthly budget of one of the user's keys; undefined when they have no such key. */
export function setApiKeyBudget(userId: string, id: string, maxCostUsd: number | null): ApiKeyRow | undefined {
  return getDb().update(apiKeys).set({ maxCostUsd }).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).returning().get();
}

/** The first instant of `now`'s calendar month (UTC): key budgets are per month. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** USD of the runs started with the key since `since` (their usage.cost_usd; runs without one count 0), leaving out run `exceptRun`. */
export function apiKeySpend(keyId: string, since: Date, exceptRun?: string): number {
  const row = getDb()
    .select({ usd: sql<number | null>`sum(json_extract(${runs.usage}, '$.cost_usd'))` })
    .from(runs)
    .where(and(eq(runs.apiKeyId, keyId), gte(runs.createdAt, since), exceptRun ? ne(runs.id, exceptRun) : undefined))
    .get();
  return row?.usd ?? 0;
}

/** Revokes (deletes) one of the user's keys; false when they have no such key. */
export function deleteApiKey(userId: string, id: string): boolean {
  return getDb().delete(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).run().changes > 0;
}

/** The key with this hash and its user (marking it used), or undefined. */
export function findApiKey(keyHash: string): { key: ApiKeyRow; user: UserRow } | undefined {
  const db = getDb();
  const row = db.select().from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(eq(apiKeys.keyHash, keyHash)).get();
  if (!row) return undefined;
  db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.api_keys.id)).run();
  return { key: row.api_keys, user: row.users };
}
