import { ConversationCreateRequest } from '@/lib/contracts/openai-responses';
import { createConversation } from '@/lib/runtime/openai/conversations';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** OpenAI's conversations.create: a conversation of the caller's workspace, with its first items (if any). */
export const POST = openaiRoute('editor', async (req, _ctx, caller) => {
  const body = await readJson(req, ConversationCreateRequest, 8 * 1024 * 1024);
  return json(await createConversation(body, workspaceFor(req, caller, 'editor')));
});

export const { GET, PUT, PATCH, DELETE } = openaiOtherMethods('POST');
