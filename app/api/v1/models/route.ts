import { getStore } from '@/db/store';
import { modelObject } from '@/lib/runtime/openai/models';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One model per saved graph: its id is the graph name. */
export const GET = openaiRoute('viewer', async (req, _ctx, caller) => json({ object: 'list', data: (await getStore().graphs.list([workspaceFor(req, caller, 'viewer')])).map(modelObject) }));

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { POST, PUT, PATCH, DELETE } = openaiOtherMethods('GET');
