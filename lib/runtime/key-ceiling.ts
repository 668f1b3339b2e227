/**
 * A run started with an API key that has a monthly budget may cost at most what is left of it
 * (issue 13): the engine stops it with budget_exceeded once it crosses that (RunOptions.costCeiling).
 * The rest is what the key's other runs of the month have not spent, read when the run starts or
 * resumes, in whichever process executes it (queue workers too).
 */
import { monthStart } from '@/db/auth-keys';
import { getStore } from '@/db/store';
import type { CostCeiling } from '@/lib/engine/budget';
import { formatUsd, roundUsd } from '@/lib/graph/prices';

export async function keyCostCeiling(apiKeyId: string | null | undefined, runId: string, now = new Date()): Promise<CostCeiling | undefined> {
  if (!apiKeyId) return undefined;
  const keys = getStore().apiKeys;
  const key = await keys.get(apiKeyId);
  if (key?.maxCostUsd == null) return undefined;
  const others = roundUsd(await keys.spend(key.id, monthStart(now), runId));
  const left = Math.max(0, roundUsd(key.maxCostUsd - others));
  return { max_usd: left, what: `what is left (${formatUsd(left)}) of API key "${key.name}"'s ${formatUsd(key.maxCostUsd)} monthly budget` };
}
