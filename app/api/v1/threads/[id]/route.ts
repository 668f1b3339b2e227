import { getStore } from '@/db/store';
import { readThread } from '@/lib/runtime/openai/assistants';
import { openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute('viewer', async (_req, { params }: Params<'id'>) => json(await readThread((await params).id)));

export const DELETE = openaiRoute('editor', async (_req, { params }: Params<'id'>) => {
  const { id } = await params;
  return json({ id, object: 'thread.deleted', deleted: await getStore().threads.delete(id) });
});
