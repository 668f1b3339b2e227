import { cancelThreadRun } from '@/lib/runtime/openai/assistants';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { threadFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = openaiRoute('editor', async (_req, { params }: Params<'id' | 'run_id'>, caller) => {
  const { id, run_id } = await params;
  await threadFor(caller, id, 'editor');
  return json(await cancelThreadRun(id, run_id));
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { GET, PUT, PATCH, DELETE } = openaiOtherMethods('POST');
