import { notFound } from '@/lib/errors';
import { resolveConnection } from '@/lib/runtime/connections';
import { json, route, type Params } from '@/lib/server/http';
import { probeConnection } from './probe-connection';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Tries the connection (GET {base_url}/models): 200 `{ ok: true, models }` or `{ ok: false, code, message }`. */
export const POST = route('admin', async (_req, { params }: Params<'name'>) => {
  const { name } = await params;
  const connection = await resolveConnection(name);
  if (!connection) throw notFound(`Connection "${name}"`);
  return json(await probeConnection(connection));
});
