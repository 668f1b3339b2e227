import { ForkRunBody, type DerivedRunResponse } from '@/lib/contracts/time-travel';
import { forkRun } from '@/lib/runtime/fork';
import { runView } from '@/lib/runtime/run-views';
import { keyBudget } from '@/lib/server/auth-keys';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * A new run from one checkpoint of this run, its state optionally edited (the next nodes are then
 * recomputed from it) or its next node pinned (`next`): 201 with what it runs first, 404 (no such
 * step), 422 (bad state or an unknown `next` node, at its path).
 */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await runFor(caller, (await params).id, 'editor');
  const body = await readJson(req, ForkRunBody);
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded, no run
  const { run, next, next_from } = await forkRun(id, body, key);
  const res: DerivedRunResponse = { run_id: run.id, run: runView(run), next, next_from };
  return json(res, 201);
}, { rateLimit: true });
