/**
 * Personal API keys: `sy_` + 32 random bytes (base64url), shown once; only the SHA-256 is stored.
 * A key belongs to a signed-in user and acts with that user's role (lib/server/caller.ts).
 * Budget (cost, issue 13): a key may carry `max_cost_usd` per calendar month (UTC); a run started
 * with the key is refused with budget_exceeded (402) once its runs of the month cost that much.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { monthStart } from '@/db/auth-keys';
import { getStore, type ApiKeyRow } from '@/db/store';
import { formatUsd, roundUsd } from '@/lib/graph/prices';
import type { ApiKeyView, CreatedKeyResponse } from '@/lib/contracts/auth';
import { AppError, badRequest } from '@/lib/errors';
import { sha256Hex, type Caller } from './caller';

export async function keyView(row: ApiKeyRow, now = new Date()): Promise<ApiKeyView> {
  const spent = await getStore().apiKeys.spend(row.id, monthStart(now));
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    workspace_id: row.workspaceId,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    max_cost_usd: row.maxCostUsd ?? null,
    spent_usd: roundUsd(spent),
  };
}



/**
 * Before a run starts: the key it is started with (`apiKeyId` for the run row), after checking the
 * key's monthly budget; throws budget_exceeded when its runs of the month cost the budget already.
 * Callers without a key (a session, the service key, accounts off) have no key budget.
 * The one check of every entry point that starts a run: POST /api/graphs/:id/runs,
 * /api/v1/chat/completions, /api/v1/threads/:id/runs and /api/v1/threads/runs (assistants),
 * /api/mcp tools/call, POST /api/runs/:id/fork and /replay (lib/server/key-budget-entry-points.test.ts).
 */
export async function keyBudget(caller: Caller, now = new Date()): Promise<{ apiKeyId?: string }> {
  if (caller.kind !== 'key') return {};
  const keys = getStore().apiKeys;
  const row = await keys.get(caller.keyId);
  if (!row) return {};
  if (row.maxCostUsd != null) {
    const spent = roundUsd(await keys.spend(row.id, monthStart(now)));
    if (spent >= row.maxCostUsd) {
      throw new AppError(
        'budget_exceeded',
        `API key "${row.name}" (${row.prefix}…) has spent ${formatUsd(spent)} of its ${formatUsd(row.maxCostUsd)} budget this month (UTC); runs started with it are refused until next month, or raise its budget in Settings → API keys`,
        { spent_usd: spent, max_cost_usd: row.maxCostUsd },
      );
    }
  }
  return { apiKeyId: row.id };
}

/** The user a key would belong to: a personal key needs a user (not the service key, not accounts off). */
export function keyOwner(caller: Caller): string {
  if (caller.kind === 'session' || caller.kind === 'key') return caller.userId;
  throw badRequest('personal API keys belong to a user: sign in (accounts must be on)');
}

/**
 * The owner of keys being created or re-budgeted: a signed-in user only. A key cannot mint more
 * keys or lift its own budget, so a leaked key stays as limited as it was.
 */
export function keyManager(caller: Caller): string {
  const owner = keyOwner(caller);
  if (caller.kind !== 'session') throw new AppError('forbidden', 'API keys are created and re-budgeted from a signed-in session, not with an API key');
  return owner;
}

export const DEFAULT_MAX_KEYS_PER_USER = 10;

/**
 * How many API keys one user may hold at once: SWITCHYARD_MAX_KEYS_PER_USER (default 10; a bad value
 * stops the start, lib/server/unsafe-settings.ts). A key revoked no longer counts.
 */
export function maxKeysPerUser(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SWITCHYARD_MAX_KEYS_PER_USER?.trim();
  if (!raw) return DEFAULT_MAX_KEYS_PER_USER;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`SWITCHYARD_MAX_KEYS_PER_USER must be a whole number of at least 1, not ${JSON.stringify(raw)}`);
  return n;
}

/** A new key for the user acting in one workspace (with the user's role there); 409 `conflict` when they hold SWITCHYARD_MAX_KEYS_PER_USER keys already. */
export async function issueKey(userId: string, workspaceId: string, name: string, maxCostUsd: number | null = null): Promise<CreatedKeyResponse> {
  const secret = `sy_${randomBytes(32).toString('base64url')}`;
  const row = await getStore().apiKeys.insert({ userId, workspaceId, name, prefix: secret.slice(0, 10), keyHash: sha256Hex(secret), maxCostUsd }, { maxKeys: maxKeysPerUser() });
  return { key: await keyView(row), secret };
}
