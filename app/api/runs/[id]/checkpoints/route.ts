import { getStore } from '@/db/store';
import type { CheckpointsResponse } from '@/lib/contracts/time-travel';
import { json, route, type Params } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every checkpoint of the run (time travel): the state after each superstep and what runs next. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await runFor(caller, (await params).id, 'viewer');
  const store = getStore();
  const res: CheckpointsResponse = {
    run_id: id,
    checkpoints: (await store.checkpoints.list(id)).map((c) => ({
      step: c.step,
      state: c.checkpoint.state,
      next: c.checkpoint.next,
      interrupt: c.checkpoint.interrupt ? { ...c.checkpoint.interrupt, tool_calls: c.checkpoint.interrupt.tool_calls?.map((t) => ({ ...t })) } : null,
      created_at: c.updatedAt.toISOString(),
    })),
  };
  return json(res);
});
