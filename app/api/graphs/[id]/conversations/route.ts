import { getStore } from '@/db/store';
import { CreateConversationBody, ListConversationsQuery, type ConversationListResponse } from '@/lib/contracts/conversations';
import { readJson, readQuery } from '@/lib/server/body';
import { conversationView, newConversationId } from '@/lib/server/conversation-access';
import { json, route, type Params } from '@/lib/server/http';
import { graphFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The graph's conversations held in the editor (`?source=` for others, e.g. `public`), newest update first. */
export const GET = route('viewer', async (req, { params }: Params<'id'>, caller) => {
  const graph = await graphFor(caller, (await params).id, 'viewer');
  const q = readQuery(req, ListConversationsQuery);
  const rows = await getStore().conversations.list([graph.workspaceId], { graphId: graph.id, source: q.source ?? 'chat', limit: q.limit });
  const res: ConversationListResponse = { conversations: rows.map(conversationView) };
  return json(res);
});

/** A new (empty) conversation with the graph in the editor's chat: 201. */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const graph = await graphFor(caller, (await params).id, 'editor');
  const body = await readJson(req, CreateConversationBody);
  const row = await getStore().conversations.create({ id: newConversationId(), workspaceId: graph.workspaceId, graphId: graph.id, title: body.title ?? null, source: 'chat', metadata: body.metadata ?? null });
  return json({ conversation: conversationView(row) }, { status: 201, headers: { location: `/api/conversations/${row.id}` } });
});
