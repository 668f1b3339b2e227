import { UpdateConnectionBody } from '@/lib/contracts/connections';
import { editConnection, removeConnection } from '@/lib/runtime/connections';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Patch a saved connection: base URL, replace or remove the key, set or remove headers. */
export const PUT = route('admin', async (req, { params }: Params<'name'>) => {
  const { name } = await params;
  const body = await readJson(req, UpdateConnectionBody);
  return json(await editConnection(name, { baseUrl: body.base_url, apiKey: body.api_key, headers: body.headers, supports: body.supports, prices: body.prices }));
});

export const DELETE = route('admin', async (_req, { params }: Params<'name'>) => {
  await removeConnection((await params).name);
  return new Response(null, { status: 204 });
});
