import { getStore } from '@/db/store';
import { autoTitle, StartTurnBody, type StartTurnResponse } from '@/lib/contracts/conversations';
import { badRequest } from '@/lib/errors';
import { startRun } from '@/lib/runtime/run-manager';
import { keyBudget } from '@/lib/server/auth-keys';
import { readJson } from '@/lib/server/body';
import { conversationFor, conversationView } from '@/lib/server/conversation-access';
import { json, route, type Params } from '@/lib/server/http';
import { graphFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Sends a message: a run of the conversation's graph with the conversation's id (`source: chat`;
 * its earlier turns are the run's history), in the background: 201 `{ run_id }`, then follow
 * /api/runs/:id/events. With `replaces_run_id` (retry, edit and resend) the conversation is cut at that turn first.
 */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const conv = await conversationFor(caller, (await params).id, 'editor');
  const body = await readJson(req, StartTurnBody);
  if (!conv.graphId) throw badRequest(`conversation ${conv.id} is not a conversation with one graph: send its turns through the API that holds it`);
  const graph = await graphFor(caller, conv.graphId, 'editor');
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded, no run
  const store = getStore();
  const detached = body.replaces_run_id ? await store.conversations.truncate(conv.id, body.replaces_run_id) : 0;
  const run = await startRun(graph.id, { input: body.input, conversationId: conv.id, connectionOverride: body.connection_override, source: 'chat', ...key });
  const updated = await store.conversations.update(conv.id, { titleIfUnset: autoTitle(body.input) });
  const res: StartTurnResponse = { run_id: run.id, conversation: conversationView(updated ?? conv), detached };
  return json(res, { status: 201, headers: { location: `/api/runs/${run.id}` } });
}, { rateLimit: true });
