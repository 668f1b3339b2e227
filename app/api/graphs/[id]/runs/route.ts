import { getStore } from '@/db/store';
import { StartRunBody, type RunHistoryResponse, type StartRunResponse } from '@/lib/contracts/runs';
import { startRun } from '@/lib/runtime/run-manager';
import { runView } from '@/lib/runtime/run-views';
import { keyBudget } from '@/lib/server/auth-keys';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { graphFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Starts a run in the background; it outlives this request. */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await graphFor(caller, (await params).id, 'editor');
  const body = await readJson(req, StartRunBody);
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded, no run
  const run = await startRun(id, { input: body.input, inputs: body.inputs, breakpoints: body.breakpoints, conversationId: body.conversation_id, connectionOverride: body.connection_override, source: 'ui', ...key });
  const res: StartRunResponse = { run_id: run.id };
  return json(res, { status: 201, headers: { location: `/api/runs/${run.id}` } });
}, { rateLimit: true });

/** The graph's run history, newest first. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await graphFor(caller, (await params).id, 'viewer');
  const res: RunHistoryResponse = { runs: (await getStore().runs.listForGraph(id)).map(runView) };
  return json(res);
});
