import { cassetteFileName, runCassette } from '@/lib/runtime/run-cassette';
import { json, route, type Params } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The run's recorded model and tool calls as a cassette file for graph tests (results only, no requests or secrets); 404 for an unknown run. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const cassette = await runCassette((await runFor(caller, (await params).id, 'viewer')).id);
  return json(cassette, { headers: { 'content-disposition': `attachment; filename="${cassetteFileName(cassette)}"` } });
});
