import { z } from 'zod';
import { a2aJsonRpc } from '@/lib/runtime/a2a/jsonrpc';
import { a2aGraph } from '@/lib/runtime/a2a/graph-ref';
import { a2aRoute } from '@/lib/server/a2a-route';
import { keyBudget } from '@/lib/server/auth-keys';
import { readBytes, requireMediaType } from '@/lib/server/body';
import { requestOrigin } from '@/lib/server/csrf';
import type { Params } from '@/lib/server/http';
import { jsonOffThread } from '@/lib/server/json-off-thread';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const RpcBody = z.record(z.string(), z.unknown());

/** The graph's A2A agent: JSON-RPC (v1.0 and v0.3 method names), SSE for the streaming methods. */
export const POST = a2aRoute('editor', async (req, { params }: Params<'graph'>, caller) => {
  const { graph: name } = await params;
  const workspaceId = workspaceFor(req, caller, 'editor');
  const graph = await a2aGraph(name, workspaceId);
  // JSON-RPC over HTTP: application/json (application/a2a+json, the A2A media type, too).
  requireMediaType(req, ['application/json', 'application/a2a+json']);
  const body = RpcBody.parse(await jsonOffThread(await readBytes(req, 8 * 1024 * 1024)));
  const key = await keyBudget(caller); // an API key over its monthly budget: budget_exceeded (402), no run
  return a2aJsonRpc(graph, body, req.headers, requestOrigin(req) ?? new URL(req.url).origin, key);
});
