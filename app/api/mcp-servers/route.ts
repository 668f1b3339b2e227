import { CreateMcpServerBody, type McpServerList } from '@/lib/contracts/mcp-servers';
import { createMcpServer, listMcpServerViews } from '@/lib/runtime/mcp/admin';
import { readJson } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every MCP server: saved ones (header names only) and stdio ones from the server's config (read-only). */
export const GET = route('viewer', async () => {
  const res: McpServerList = { servers: await listMcpServerViews() };
  return json(res);
});

export const POST = route('admin', async (req) => {
  const body = await readJson(req, CreateMcpServerBody);
  return json(await createMcpServer(body), 201);
});
