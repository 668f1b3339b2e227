import { UpdateMcpServerBody } from '@/lib/contracts/mcp-servers';
import { editMcpServer, removeMcpServer } from '@/lib/runtime/mcp/admin';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Patch a saved MCP server: transport, URL, set or remove headers (values are write-only). */
export const PUT = route('admin', async (req, { params }: Params<'name'>) => {
  const { name } = await params;
  const body = await readJson(req, UpdateMcpServerBody);
  return json(await editMcpServer(name, body));
});

export const DELETE = route('admin', async (_req, { params }: Params<'name'>) => {
  await removeMcpServer((await params).name);
  return new Response(null, { status: 204 });
});
