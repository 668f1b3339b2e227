import { getStore } from '@/db/store';
import { readAssistant } from '@/lib/runtime/openai/assistants';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { assistantFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id'>, caller) => json(await readAssistant((await assistantFor(caller, (await params).id, 'viewer')).id)));

export const DELETE = openaiRoute('editor', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await assistantFor(caller, (await params).id, 'editor');
  return json({ id, object: 'assistant.deleted', deleted: await getStore().assistants.delete(id) });
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { POST, PUT, PATCH } = openaiOtherMethods('GET', 'DELETE');
