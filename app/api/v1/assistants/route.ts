import { getStore } from '@/db/store';
import { CreateAssistantBody } from '@/lib/contracts/openai';
import { assistantObject } from '@/lib/runtime/openai/assistant-objects';
import { createAssistant } from '@/lib/runtime/openai/assistants';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** An assistant runs a saved graph: `model` is the graph's name or id. */
export const POST = openaiRoute('editor', async (req, _ctx, caller) => json(await createAssistant(await readJson(req, CreateAssistantBody), workspaceFor(req, caller, 'editor'))));

export const GET = openaiRoute('viewer', async (req, _ctx, caller) => {
  const graphs = getStore().graphs;
  const data = await Promise.all((await getStore().assistants.list([workspaceFor(req, caller, 'viewer')])).map(async (a) => assistantObject(a, (await graphs.get(a.graphId))?.name ?? a.graphId)));
  return json({ object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: false });
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { PUT, PATCH, DELETE } = openaiOtherMethods('GET', 'POST');
