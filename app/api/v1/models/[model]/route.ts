import { modelObject } from '@/lib/runtime/openai/models';
import { graphForModel } from '@/lib/runtime/openai/graph-ref';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute('viewer', async (req, { params }: Params<'model'>, caller) => json(modelObject(await graphForModel((await params).model, workspaceFor(req, caller, 'viewer')))));

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { POST, PUT, PATCH, DELETE } = openaiOtherMethods('GET');
