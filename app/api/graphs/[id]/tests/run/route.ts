import { RunGraphTestsBody } from '@/lib/contracts/graph-tests';
import { runSavedGraphTests } from '@/lib/runtime/graph-tests/service';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { graphFor, workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Runs the graph's tests (or the `yaml` given) on scripted ports: pass/fail per test and per assertion. */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await graphFor(caller, (await params).id, 'editor');
  const body = req.headers.get('content-length') === '0' ? {} : await readJson(req, RunGraphTestsBody);
  return json(await runSavedGraphTests(id, body.yaml));
});
