import { getStore } from '@/db/store';
import type { RunDetailResponse } from '@/lib/contracts/runs';
import { notFound } from '@/lib/errors';
import { runView } from '@/lib/runtime/run-views';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The run's status and its whole trace. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>) => {
  const { id } = await params;
  const store = getStore();
  const run = await store.runs.get(id);
  if (!run) throw notFound(`Run ${id}`);
  const res: RunDetailResponse = { run: runView(run), events: await store.events.list(id) };
  return json(res);
});
