import { updateConnection } from '@/db/connections';
import { UpdateConnectionBody } from '@/lib/contracts/connections';
import { AppError, notFound } from '@/lib/errors';
import { envDefaultConnection } from '@/lib/llm';
import { listConnectionViews, removeConnection } from '@/lib/runtime/connections';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Patch a saved connection: base URL, replace or remove the key, set or remove headers. */
export const PUT = route('admin', async (req, { params }: Params<'name'>) => {
  const { name } = await params;
  const body = await readJson(req, UpdateConnectionBody);
  if (name === 'default' && envDefaultConnection()) {
    throw new AppError('read_only', 'The `default` connection comes from OPENAI_API_KEY / OPENAI_BASE_URL; change the environment to change it.');
  }
  const row = updateConnection(name, { baseUrl: body.base_url, apiKey: body.api_key, headers: body.headers, supports: body.supports, prices: body.prices });
  if (!row) throw notFound(`Connection "${name}"`);
  const view = listConnectionViews().find((v) => v.name === name && v.source === 'db');
  if (!view) throw notFound(`Connection "${name}"`);
  return json(view);
});

export const DELETE = route('admin', async (_req, { params }: Params<'name'>) => {
  removeConnection((await params).name);
  return new Response(null, { status: 204 });
});
