import { getStore } from '@/db/store';
import { SetMemberBody } from '@/lib/contracts/workspaces';
import { notFound } from '@/lib/errors';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Adds the user to the workspace with a role, or changes their role (instance admins). 404: no such workspace or user. */
export const PUT = route('admin', async (req, { params }: Params<'id' | 'user_id'>) => {
  const { id, user_id } = await params;
  const body = await readJson(req, SetMemberBody);
  await getStore().workspaces.setMember(id, user_id, body.role);
  return json({ workspace_id: id, user_id, role: body.role });
});

/** Removes the user from the workspace (instance admins); their keys there stop acting. */
export const DELETE = route('admin', async (_req, { params }: Params<'id' | 'user_id'>) => {
  const { id, user_id } = await params;
  if (!(await getStore().workspaces.removeMember(id, user_id))) throw notFound('membership');
  return new Response(null, { status: 204 });
});
