import { cardJson, graphCard } from '@/lib/runtime/a2a/agent-card';
import { a2aGraph } from '@/lib/runtime/a2a/graph-ref';
import { requestOrigin } from '@/lib/server/csrf';
import { json, route, type Params } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The graph's A2A agent card (its skill, streaming, the API key scheme); a graph of another workspace is a 404. */
export const GET = route('viewer', async (req, { params }: Params<'graph'>, caller) => {
  const { graph: name } = await params;
  const graph = await a2aGraph(name, workspaceFor(req, caller, 'viewer'));
  return json(cardJson(graphCard({ name: graph.name, description: graph.document.description }, requestOrigin(req) ?? new URL(req.url).origin)));
});
