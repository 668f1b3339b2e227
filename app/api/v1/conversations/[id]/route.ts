import { getStore } from '@/db/store';
import { ConversationUpdateRequest } from '@/lib/contracts/openai-responses';
import { conversationObject } from '@/lib/runtime/openai/conversations';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json, type Params } from '@/lib/server/http';
import { conversationFor } from '@/lib/server/response-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id'>, caller) => json(conversationObject(await conversationFor(caller, (await params).id, 'viewer'))));

/** conversations.update: replaces its metadata. */
export const POST = openaiRoute('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await conversationFor(caller, (await params).id, 'editor');
  const body = await readJson(req, ConversationUpdateRequest);
  return json(conversationObject((await getStore().conversations.update(id, { metadata: body.metadata }))!));
});

/** Deletes the conversation, its memory and kept items; its runs stay in the run history. */
export const DELETE = openaiRoute('editor', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await conversationFor(caller, (await params).id, 'editor');
  return json({ id, object: 'conversation.deleted', deleted: await getStore().conversations.delete(id) });
});

export const { PUT, PATCH } = openaiOtherMethods('GET', 'POST', 'DELETE');
