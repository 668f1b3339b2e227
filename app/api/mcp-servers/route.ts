import { CreateMcpServerBody, type McpServerList } from '@/lib/contracts/mcp-servers';
import { createMcpServer, listMcpServerViews } from '@/lib/runtime/mcp/admin';
import { readJson } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';
import { workspaceFor } from '@/lib/server/workspace-access';
import { workspaceOrThrow } from '@/lib/server/workspace-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every MCP server: saved ones (header names only) and stdio ones from the server's config (read-only). */
export const GET = route('viewer', async (req, _ctx, caller) => {
  const res: McpServerList = { servers: await listMcpServerViews(workspaceFor(req, caller, 'viewer')) };
  return json(res);
});

/** A new MCP server: instance-wide, or with `workspace` only that workspace's (404 for an unknown one). */
export const POST = route('admin', async (req) => {
  const body = await readJson(req, CreateMcpServerBody);
  if (body.workspace) await workspaceOrThrow(body.workspace);
  return json(await createMcpServer(body), 201);
});
