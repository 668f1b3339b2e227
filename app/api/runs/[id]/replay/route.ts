import { ReplayRunBody, type DerivedRunResponse } from '@/lib/contracts/time-travel';
import { replayRun } from '@/lib/runtime/replay';
import { runView } from '@/lib/runtime/run-views';
import { keyBudget } from '@/lib/server/auth-keys';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The run again, reusing its recorded model and tool results wherever node and request are unchanged: 201. */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await runFor(caller, (await params).id, 'editor');
  const body = await readJson(req, ReplayRunBody);
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded, no run
  const run = await replayRun(id, body, key);
  const res: DerivedRunResponse = { run_id: run.id, run: runView(run) };
  return json(res, 201);
}, { rateLimit: true });
