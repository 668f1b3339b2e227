import { ConversationItemsCreateRequest } from '@/lib/contracts/openai-responses';
import { addItems, conversationItems, page } from '@/lib/runtime/openai/conversations';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json, type Params } from '@/lib/server/http';
import { conversationFor } from '@/lib/server/response-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** conversations.items.list: its turns and kept items, newest first by default. */
export const GET = openaiRoute('viewer', async (req, { params }: Params<'id'>, caller) => {
  const c = await conversationFor(caller, (await params).id, 'viewer');
  return json(page(await conversationItems(c), new URL(req.url), `conversation ${c.id}`));
});

/** conversations.items.create: appends items (messages, function calls and their outputs). */
export const POST = openaiRoute('editor', async (req, { params }: Params<'id'>, caller) => {
  const c = await conversationFor(caller, (await params).id, 'editor');
  const body = await readJson(req, ConversationItemsCreateRequest, 8 * 1024 * 1024);
  return json(await addItems(c, body.items));
});

export const { PUT, PATCH, DELETE } = openaiOtherMethods('GET', 'POST');
