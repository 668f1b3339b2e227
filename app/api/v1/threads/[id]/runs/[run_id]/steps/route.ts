import { ListQueryParams } from '@/lib/contracts/openai';
import { listThreadRunSteps } from '@/lib/runtime/openai/assistants';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readQuery } from '@/lib/server/body';
import { json, type Params } from '@/lib/server/http';
import { threadFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The steps of a thread's run: its tool calls and its reply (legacy Assistants `runs.steps.list`). */
export const GET = openaiRoute('viewer', async (req, { params }: Params<'id' | 'run_id'>, caller) => {
  const { id, run_id } = await params;
  await threadFor(caller, id, 'viewer');
  return json(await listThreadRunSteps(id, run_id, readQuery(req, ListQueryParams)));
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { POST, PUT, PATCH, DELETE } = openaiOtherMethods('GET');
