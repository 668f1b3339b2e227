/**
 * Personal API keys: `sy_` + 32 random bytes (base64url), shown once; only the SHA-256 is stored.
 * A key belongs to a signed-in user and acts with that user's role (lib/server/caller.ts).
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { insertApiKey, type ApiKeyRow } from '@/db/auth-keys';
import type { ApiKeyView, CreatedKeyResponse } from '@/lib/contracts/auth';
import { badRequest } from '@/lib/errors';
import { sha256Hex, type Caller } from './caller';

export function keyView(row: ApiKeyRow): ApiKeyView {
  return { id: row.id, name: row.name, prefix: row.prefix, created_at: row.createdAt.toISOString(), last_used_at: row.lastUsedAt?.toISOString() ?? null };
}

/** The user a key would belong to: a personal key needs a user (not the service key, not accounts off). */
export function keyOwner(caller: Caller): string {
  if (caller.kind === 'session' || caller.kind === 'key') return caller.userId;
  throw badRequest('personal API keys belong to a user: sign in (accounts must be on)');
}

export function issueKey(userId: string, name: string): CreatedKeyResponse {
  const secret = `sy_${randomBytes(32).toString('base64url')}`;
  const row = insertApiKey({ userId, name, prefix: secret.slice(0, 10), keyHash: sha256Hex(secret) });
  return { key: keyView(row), secret };
}
