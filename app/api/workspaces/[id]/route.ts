import { getStore } from '@/db/store';
import { RenameWorkspaceBody } from '@/lib/contracts/workspaces';
import { notFound } from '@/lib/errors';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { workspaceView } from '@/lib/server/workspace-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Renames a workspace (instance admins). */
export const PATCH = route('admin', async (req, { params }: Params<'id'>, caller) => {
  const body = await readJson(req, RenameWorkspaceBody);
  const row = await getStore().workspaces.rename((await params).id, body.name);
  if (!row) throw notFound('workspace');
  return json({ workspace: workspaceView(row, caller) });
});

/** Deletes an empty workspace (instance admins): 409 while it holds graphs, threads or keys, or is a user's personal one. */
export const DELETE = route('admin', async (_req, { params }: Params<'id'>) => {
  if (!(await getStore().workspaces.delete((await params).id))) throw notFound('workspace');
  return new Response(null, { status: 204 });
});
