import { readThreadRun } from '@/lib/runtime/openai/assistants';
import { openaiRoute } from '@/lib/runtime/openai/errors';
import { ensureRecovered } from '@/lib/runtime/recovery';
import { json, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute(async (_req, { params }: Params<'id' | 'run_id'>) => {
  const { id, run_id } = await params;
  ensureRecovered();
  return json(readThreadRun(id, run_id));
});
