import { getStore } from '@/db/store';
import { MoveGraphBody } from '@/lib/contracts/workspaces';
import { readJson } from '@/lib/server/body';
import { recordJson } from '@/lib/server/graph-views';
import { json, route, type Params } from '@/lib/server/http';
import { checkIn, graphFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Moves a graph, with its versions, runs, tests and memory, to another workspace: the caller must be
 * an editor (or admin) of both. 404 for a graph or workspace the caller cannot see, 403 when they
 * only read in either, 409 when the target already has a graph of that name. The YAML is unchanged.
 */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const graph = await graphFor(caller, (await params).id, 'editor');
  const body = await readJson(req, MoveGraphBody);
  checkIn(caller, body.workspace, 'editor', `workspace "${body.workspace}"`);
  const moved = await getStore().graphs.move(graph.id, body.workspace);
  return json(recordJson(moved));
});
