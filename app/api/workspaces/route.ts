import { getStore } from '@/db/store';
import { CreateWorkspaceBody, type WorkspacesResponse } from '@/lib/contracts/workspaces';
import { readJson } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';
import { visibleWorkspaces, workspaceView } from '@/lib/server/workspace-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The caller's workspaces with their role in each, and the current one (an instance admin sees every workspace). */
export const GET = route('viewer', async (req, _ctx, caller) => {
  const workspaces = await visibleWorkspaces(caller);
  // '' when the caller is a member of no workspace (or asked for one they are not in: that is a 404).
  const asked = new URL(req.url).searchParams.has('workspace');
  const current = asked || workspaces.some((w) => w.role) ? workspaceFor(req, caller, 'viewer') : '';
  const res: WorkspacesResponse = { workspaces, current };
  return json(res);
});

/** A new shared workspace (instance admins); its creator becomes its admin. */
export const POST = route('admin', async (req, _ctx, caller) => {
  const body = await readJson(req, CreateWorkspaceBody);
  const store = getStore();
  const row = await store.workspaces.create(body.name);
  if (caller.kind === 'session' || caller.kind === 'key') await store.workspaces.setMember(row.id, caller.userId, 'admin');
  const view = workspaceView(row, caller);
  return json({ workspace: { ...view, role: caller.kind === 'session' || caller.kind === 'key' ? 'admin' : view.role } }, 201);
});
