import { CreateThreadBody } from '@/lib/contracts/openai';
import { createThread } from '@/lib/runtime/openai/assistants';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = openaiRoute('editor', async (req, _ctx, caller) => json(await createThread(await readJson(req, CreateThreadBody, 8 * 1024 * 1024), workspaceFor(req, caller, 'editor'))));

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { GET, PUT, PATCH, DELETE } = openaiOtherMethods('POST');
