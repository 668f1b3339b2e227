import { CreateThreadRunBody } from '@/lib/contracts/openai';
import { createThreadRun, listRuns } from '@/lib/runtime/openai/assistants';
import { createThreadRunStream } from '@/lib/runtime/openai/assistant-stream';
import { openaiRoute } from '@/lib/server/openai-route';
import { readJson } from '@/lib/server/body';
import { json, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Runs the assistant's graph over the thread's messages; poll GET .../runs/:run_id for its status, or `stream: true` for its events. */
export const POST = openaiRoute('editor', async (req, { params }: Params<'id'>) => {
  const { id } = await params;
  const body = await readJson(req, CreateThreadRunBody);
  if (body.stream) return createThreadRunStream(id, body);
  return json(createThreadRun(id, body));
});

export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id'>) => {
  return json(listRuns((await params).id));
});
