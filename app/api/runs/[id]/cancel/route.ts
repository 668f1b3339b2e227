import { cancelRun } from '@/lib/runtime/run-manager';
import { runView } from '@/lib/runtime/run-views';
import { json, route, type Params } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Cancels the run (aborting its model request in flight); 409 when it already ended. No body needed. */
export const POST = route('editor', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await runFor(caller, (await params).id, 'editor');
  return json({ run: runView(await cancelRun(id)) });
});
