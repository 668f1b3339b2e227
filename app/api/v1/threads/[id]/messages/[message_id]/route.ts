import { readMessage } from '@/lib/runtime/openai/assistants';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { threadFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One message of a thread (legacy Assistants `messages.retrieve`). */
export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id' | 'message_id'>, caller) => {
  const { id, message_id } = await params;
  await threadFor(caller, id, 'viewer');
  return json(await readMessage(id, message_id));
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { POST, PUT, PATCH, DELETE } = openaiOtherMethods('GET');
