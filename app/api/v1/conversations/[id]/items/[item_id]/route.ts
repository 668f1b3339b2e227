import { deleteItem, findItem } from '@/lib/runtime/openai/conversations';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { conversationFor } from '@/lib/server/response-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id' | 'item_id'>, caller) => {
  const { id, item_id } = await params;
  return json(await findItem(await conversationFor(caller, id, 'viewer'), item_id));
});

/** Deletes a kept item; answers the conversation (as OpenAI does). */
export const DELETE = openaiRoute('editor', async (_req, { params }: Params<'id' | 'item_id'>, caller) => {
  const { id, item_id } = await params;
  return json(await deleteItem(await conversationFor(caller, id, 'editor'), item_id));
});

export const { POST, PUT, PATCH } = openaiOtherMethods('GET', 'DELETE');
