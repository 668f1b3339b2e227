/**
 * Personal API keys: only the SHA-256 of a key is stored (the caller hashes; the key itself is
 * shown once at creation). A key acts as its user, with the user's current role.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from './client';
import { apiKeys, users, type ApiKeyRow, type UserRow } from './schema/auth';

export type { ApiKeyRow } from './schema/auth';

export function insertApiKey(input: { userId: string; name: string; prefix: string; keyHash: string }): ApiKeyRow {
  return getDb().insert(apiKeys).values({ id: randomUUID(), ...input, createdAt: new Date() }).returning().get();
}

export function listApiKeys(userId: string): ApiKeyRow[] {
  return getDb().select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt)).all();
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
