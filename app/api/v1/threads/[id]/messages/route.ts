import { CreateMessageBody, ListQueryParams } from '@/lib/contracts/openai';
import { addMessage, listMessages } from '@/lib/runtime/openai/assistants';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson, readQuery } from '@/lib/server/body';
import { json, type Params } from '@/lib/server/http';
import { threadFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = openaiRoute('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await threadFor(caller, (await params).id, 'editor');
  return json(await addMessage(id, await readJson(req, CreateMessageBody, 8 * 1024 * 1024)));
});

export const GET = openaiRoute('viewer', async (req, { params }: Params<'id'>, caller) => json(await listMessages((await threadFor(caller, (await params).id, 'viewer')).id, readQuery(req, ListQueryParams))));

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { PUT, PATCH, DELETE } = openaiOtherMethods('GET', 'POST');
