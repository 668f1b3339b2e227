import { CreateThreadAndRunBody } from '@/lib/contracts/openai';
import { createThread, createThreadRun } from '@/lib/runtime/openai/assistants';
import { createThreadAndRunStream } from '@/lib/runtime/openai/assistant-stream';
import { keyBudget } from '@/lib/server/auth-keys';
import { openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** createAndRun: a new thread with `thread.messages`, and a run of the assistant on it (`stream: true` streams its events). */
export const POST = openaiRoute('editor', async (req, _ctx, caller) => {
  const body = await readJson(req, CreateThreadAndRunBody);
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded (402), no thread, no run
  if (body.stream) return createThreadAndRunStream(body, key);
  const thread = await createThread(body.thread ?? {});
  return json(await createThreadRun(thread.id, body, key));
});
