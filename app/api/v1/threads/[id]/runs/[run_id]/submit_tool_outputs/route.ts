import { SubmitToolOutputsBody } from '@/lib/contracts/openai';
import { submitToolOutputs } from '@/lib/runtime/openai/assistants';
import { submitToolOutputsStream } from '@/lib/runtime/openai/assistant-stream';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json, type Params } from '@/lib/server/http';
import { threadFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Answers a waiting run: a human node (output "approve", "reject: <reason>", "continue" or an edited value) or a tool pause (one output per call). */
export const POST = openaiRoute('editor', async (req, { params }: Params<'id' | 'run_id'>, caller) => {
  const { id, run_id } = await params;
  await threadFor(caller, id, 'editor');
  const body = await readJson(req, SubmitToolOutputsBody);
  if (body.stream) return submitToolOutputsStream(id, run_id, body.tool_outputs);
  return json(await submitToolOutputs(id, run_id, body.tool_outputs));
});

/** The other methods: a JSON 405 in OpenAI's shape naming the ones above. */
export const { GET, PUT, PATCH, DELETE } = openaiOtherMethods('POST');
