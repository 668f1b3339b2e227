import { getStore } from '@/db/store';
import { UpdateConversationBody, type ConversationDetailResponse } from '@/lib/contracts/conversations';
import { runView } from '@/lib/runtime/run-views';
import { readJson } from '@/lib/server/body';
import { conversationFor, conversationView } from '@/lib/server/conversation-access';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The conversation and its turns (its runs, oldest first). */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const row = await conversationFor(caller, (await params).id, 'viewer');
  const res: ConversationDetailResponse = { conversation: conversationView(row), turns: (await getStore().conversations.turns(row.id)).map(runView) };
  return json(res);
});

/** Renames it or sets its metadata. */
export const PATCH = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const row = await conversationFor(caller, (await params).id, 'editor');
  const body = await readJson(req, UpdateConversationBody);
  const updated = await getStore().conversations.update(row.id, { title: body.title, metadata: body.metadata });
  return json({ conversation: conversationView(updated ?? row) });
});

/** Deletes it and its memory; its runs stay in the graph's run history (detached): 204. */
export const DELETE = route('editor', async (_req, { params }: Params<'id'>, caller) => {
  const row = await conversationFor(caller, (await params).id, 'editor');
  await getStore().conversations.delete(row.id);
  return new Response(null, { status: 204 });
});
