import { PutGraphTestsBody } from '@/lib/contracts/graph-tests';
import { graphTestsView, saveGraphTests } from '@/lib/runtime/graph-tests/service';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { graphFor, workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The graph's test YAML (a starter file, `stored: false`, when it has none yet). */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => json(await graphTestsView((await graphFor(caller, (await params).id, 'viewer')).id)));

/** Saves the graph's test YAML; 422 with every problem (line, col, path) when it is invalid. */
export const PUT = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await graphFor(caller, (await params).id, 'editor');
  const body = await readJson(req, PutGraphTestsBody);
  return json(await saveGraphTests(id, body.yaml));
});
