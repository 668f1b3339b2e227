import { listEvents } from '@/db/run-events';
import { getRun } from '@/db/runs';
import type { RunDetailResponse } from '@/lib/contracts/runs';
import { notFound } from '@/lib/errors';
import { runView } from '@/lib/runtime/run-views';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The run's status and its whole trace. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>) => {
  const { id } = await params;
  const run = getRun(id);
  if (!run) throw notFound(`Run ${id}`);
  const res: RunDetailResponse = { run: runView(run), events: listEvents(id) };
  return json(res);
});
