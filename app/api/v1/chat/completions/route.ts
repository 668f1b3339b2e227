import { ChatCompletionRequest } from '@/lib/contracts/openai';
import { chatCompletion } from '@/lib/runtime/openai/chat-completions';
import { keyBudget } from '@/lib/server/auth-keys';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Runs the graph named by `model` over the conversation (OpenAI chat.completions, streaming or not). */
export const POST = openaiRoute('editor', async (req, _ctx, caller) => {
  const body = await readJson(req, ChatCompletionRequest, 8 * 1024 * 1024);
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded (402), no run
  return chatCompletion(body, req.headers, { ...key, workspaceId: workspaceFor(req, caller, 'editor') });
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { GET, PUT, PATCH, DELETE } = openaiOtherMethods('POST');
