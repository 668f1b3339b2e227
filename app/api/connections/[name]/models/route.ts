import { notFound } from '@/lib/errors';
import { resolveConnection } from '@/lib/runtime/connections';
import { json, route, type Params } from '@/lib/server/http';
import { listModels } from './list-models';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The connection's models for the editor's model picker (ConnectionModelsResponse); `?refresh=1` skips the cache. */
export const GET = route('editor', async (req, { params }: Params<'name'>, caller) => {
  const { name } = await params;
  // Only a connection usable in the current workspace (instance-wide or its own).
  const connection = await resolveConnection(name, workspaceFor(req, caller, 'editor'));
  if (!connection) throw notFound(`Connection "${name}"`);
  const refresh = new URL(req.url).searchParams.get('refresh');
  return json(await listModels(connection, { refresh: refresh === '1' || refresh === 'true' }));
});
