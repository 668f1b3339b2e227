import { testMcpServer } from '@/lib/runtime/mcp/admin';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Connects to the server and lists its tools: 200 `{ ok: true, tools }` or `{ ok: false, error }`. */
export const POST = route('admin', async (_req, { params }: Params<'name'>) => json(await testMcpServer((await params).name)));
