import { CreateThreadRunBody } from '@/lib/contracts/openai';
import { createThreadRun, listRuns } from '@/lib/runtime/openai/assistants';
import { createThreadRunStream } from '@/lib/runtime/openai/assistant-stream';
import { keyBudget } from '@/lib/server/auth-keys';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json, type Params } from '@/lib/server/http';
import { threadFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Runs the assistant's graph over the thread's messages; poll GET .../runs/:run_id for its status, or `stream: true` for its events. */
export const POST = openaiRoute('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await threadFor(caller, (await params).id, 'editor');
  const body = await readJson(req, CreateThreadRunBody);
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded (402), no run
  if (body.stream) return createThreadRunStream(id, body, key);
  return json(await createThreadRun(id, body, key));
});

export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id'>, caller) => {
  return json(await listRuns((await threadFor(caller, (await params).id, 'viewer')).id));
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { PUT, PATCH, DELETE } = openaiOtherMethods('GET', 'POST');
