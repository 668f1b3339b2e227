import { getStore } from '@/db/store';
import { CreateKeyBody } from '@/lib/contracts/auth';
import { issueKey, keyManager, keyOwner, keyView } from '@/lib/server/auth-keys';
import { readJson } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The caller's own API keys (never the keys themselves). */
export const GET = route('viewer', async (_req, _ctx, caller) => {
  const keys = await getStore().apiKeys.list(keyOwner(caller));
  return json({ keys: await Promise.all(keys.map((k) => keyView(k))) });
});

/** A new key for the caller, with their role: the response holds the key, shown this once. */
export const POST = route('viewer', async (req, _ctx, caller) => {
  const owner = keyManager(caller);
  const body = await readJson(req, CreateKeyBody);
  return json(await issueKey(owner, workspaceFor(req, caller, 'viewer'), body.name, body.max_cost_usd ?? null), 201);
});
