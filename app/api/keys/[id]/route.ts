import { getStore } from '@/db/store';
import { UpdateKeyBody } from '@/lib/contracts/auth';
import { notFound } from '@/lib/errors';
import { keyManager, keyOwner, keyView } from '@/lib/server/auth-keys';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Sets or (null) removes the monthly cost budget of one of the caller's keys. */
export const PATCH = route('viewer', async (req, { params }: Params<'id'>, caller) => {
  const owner = keyManager(caller);
  const body = await readJson(req, UpdateKeyBody);
  const row = await getStore().apiKeys.setBudget(owner, (await params).id, body.max_cost_usd);
  if (!row) throw notFound('API key');
  return json(await keyView(row));
});

/** Revokes one of the caller's keys: it stops working at once. */
export const DELETE = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  if (!(await getStore().apiKeys.delete(keyOwner(caller), (await params).id))) throw notFound('API key');
  return new Response(null, { status: 204 });
});
