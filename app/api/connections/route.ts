import { CreateConnectionBody, type ConnectionListResponse } from '@/lib/contracts/connections';
import { createConnection, listConnectionViews } from '@/lib/runtime/connections';
import { readJson } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';
import { workspaceOrThrow } from '@/lib/server/workspace-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The connections of the current workspace (instance-wide ones and its own), keys masked; `default` (from the environment) is read-only. */
export const GET = route('viewer', async (req, _ctx, caller) => {
  const res: ConnectionListResponse = { connections: await listConnectionViews(workspaceFor(req, caller, 'viewer')) };
  return json(res);
});

/** A new connection: instance-wide, or with `workspace` only that workspace's (404 for an unknown one). */
export const POST = route('admin', async (req) => {
  const body = await readJson(req, CreateConnectionBody);
  if (body.workspace) await workspaceOrThrow(body.workspace);
  return json(await createConnection(body), 201);
});
