import { getStore } from '@/db/store';
import type { RunDetailResponse } from '@/lib/contracts/runs';
import { runView } from '@/lib/runtime/run-views';
import { json, route, type Params } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The run's status and its whole trace. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await params;
  const store = getStore();
  const run = await runFor(caller, id, 'viewer');
  const res: RunDetailResponse = { run: runView(run), events: await store.events.list(id) };
  return json(res);
});
