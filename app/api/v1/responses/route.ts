import { ResponseCreateRequest } from '@/lib/contracts/openai-responses';
import { createResponse } from '@/lib/runtime/openai/responses';
import { keyBudget } from '@/lib/server/auth-keys';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** OpenAI's Responses API: runs the graph named by `model` on the input (streaming or not, in the background or not). */
export const POST = openaiRoute('editor', async (req, _ctx, caller) => {
  const body = await readJson(req, ResponseCreateRequest, 8 * 1024 * 1024);
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded (402), no run
  return createResponse(body, { ...key, workspaceId: workspaceFor(req, caller, 'editor') });
});

export const { GET, PUT, PATCH, DELETE } = openaiOtherMethods('POST');
