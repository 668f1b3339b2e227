import { getStore } from '@/db/store';
import { UpdateUserBody } from '@/lib/contracts/auth';
import { notFound } from '@/lib/errors';
import { userView } from '@/lib/server/auth-users';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Changes a user's role (takes effect on their next request); the last admin stays admin (409). */
export const PATCH = route('admin', async (req, { params }: Params<'id'>) => {
  const body = await readJson(req, UpdateUserBody);
  const row = await getStore().users.setRole((await params).id, body.role);
  if (!row) throw notFound('user');
  return json({ user: userView(row) });
});

/** Deletes a user with their sessions and API keys; the last admin cannot be deleted (409). */
export const DELETE = route('admin', async (_req, { params }: Params<'id'>) => {
  if (!(await getStore().users.delete((await params).id))) throw notFound('user');
  return new Response(null, { status: 204 });
});
