import { notFound } from '@/lib/errors';
import { resolveConnection } from '@/lib/runtime/connections';
import { json, route, type Params } from '@/lib/server/http';
import { listModels } from './list-models';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The connection's models for the editor's model picker (ConnectionModelsResponse); `?refresh=1` skips the cache. */
export const GET = route('editor', async (req, { params }: Params<'name'>) => {
  const { name } = await params;
  const connection = await resolveConnection(name);
  if (!connection) throw notFound(`Connection "${name}"`);
  const refresh = new URL(req.url).searchParams.get('refresh');
  return json(await listModels(connection, { refresh: refresh === '1' || refresh === 'true' }));
});
