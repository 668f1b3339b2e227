import { getStore } from '@/db/store';
import { responseOf } from '@/lib/runtime/openai/responses';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { responseFor } from '@/lib/server/response-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id'>, caller) => json(await responseOf(await responseFor(caller, (await params).id, 'viewer'))));

export const DELETE = openaiRoute('editor', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await responseFor(caller, (await params).id, 'editor');
  return json({ id, object: 'response', deleted: await getStore().responses.delete(id) });
});

export const { POST, PUT, PATCH } = openaiOtherMethods('GET', 'DELETE');
