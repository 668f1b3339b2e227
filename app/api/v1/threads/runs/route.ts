import { CreateThreadAndRunBody } from '@/lib/contracts/openai';
import { createThread, createThreadRun } from '@/lib/runtime/openai/assistants';
import { createThreadAndRunStream } from '@/lib/runtime/openai/assistant-stream';
import { keyBudget } from '@/lib/server/auth-keys';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** createAndRun: a new thread with `thread.messages`, and a run of the assistant on it (`stream: true` streams its events). */
export const POST = openaiRoute('editor', async (req, _ctx, caller) => {
  const body = await readJson(req, CreateThreadAndRunBody);
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded (402), no thread, no run
  const workspaceId = workspaceFor(req, caller, 'editor');
  if (body.stream) return createThreadAndRunStream(body, workspaceId, key);
  const thread = await createThread(body.thread ?? {}, workspaceId);
  return json(await createThreadRun(thread.id, body, key));
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { GET, PUT, PATCH, DELETE } = openaiOtherMethods('POST');
