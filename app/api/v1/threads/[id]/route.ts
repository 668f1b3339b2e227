import { getStore } from '@/db/store';
import { readThread } from '@/lib/runtime/openai/assistants';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { threadFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id'>, caller) => json(await readThread((await threadFor(caller, (await params).id, 'viewer')).id)));

export const DELETE = openaiRoute('editor', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await threadFor(caller, (await params).id, 'editor');
  return json({ id, object: 'thread.deleted', deleted: await getStore().threads.delete(id) });
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { POST, PUT, PATCH } = openaiOtherMethods('GET', 'DELETE');
