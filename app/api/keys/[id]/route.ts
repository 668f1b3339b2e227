import { deleteApiKey } from '@/db/auth-keys';
import { notFound } from '@/lib/errors';
import { keyOwner } from '@/lib/server/auth-keys';
import { route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Revokes one of the caller's keys: it stops working at once. */
export const DELETE = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  if (!deleteApiKey(keyOwner(caller), (await params).id)) throw notFound('API key');
  return new Response(null, { status: 204 });
});
