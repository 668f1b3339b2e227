import { getStore } from '@/db/store';
import { cardJson, workspaceCard } from '@/lib/runtime/a2a/agent-card';
import { requestOrigin } from '@/lib/server/csrf';
import { json, route } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The A2A card of the caller's workspace: every graph a skill with its own endpoint (an API key sees its workspace only). */
export const GET = route('viewer', async (req, _ctx, caller) => {
  const workspaceId = workspaceFor(req, caller, 'viewer');
  const store = getStore();
  const workspace = await store.workspaces.get(workspaceId);
  const graphs = await store.graphs.list([workspaceId]);
  return json(cardJson(workspaceCard(workspace?.name ?? workspaceId, graphs, requestOrigin(req) ?? new URL(req.url).origin)));
});
