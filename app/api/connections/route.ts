import { CreateConnectionBody, type ConnectionListResponse } from '@/lib/contracts/connections';
import { createConnection, listConnectionViews } from '@/lib/runtime/connections';
import { readJson } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every connection, keys masked; `default` (from the environment) is read-only. */
export const GET = route('viewer', async () => {
  const res: ConnectionListResponse = { connections: await listConnectionViews() };
  return json(res);
});

export const POST = route('admin', async (req) => {
  const body = await readJson(req, CreateConnectionBody);
  return json(await createConnection(body), 201);
});
