import { getStore } from '@/db/store';
import type { WorkspaceMembersResponse } from '@/lib/contracts/workspaces';
import { notFound } from '@/lib/errors';
import { json, route, type Params } from '@/lib/server/http';
import { memberView } from '@/lib/server/workspace-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The workspace's members and their roles (instance admins). */
export const GET = route('admin', async (_req, { params }: Params<'id'>) => {
  const members = await getStore().workspaces.members((await params).id);
  if (!members) throw notFound('workspace');
  const res: WorkspaceMembersResponse = { members: members.map(memberView) };
  return json(res);
});
