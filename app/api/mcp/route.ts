import { handleMcpRequest } from '@/lib/runtime/mcp/graph-server';
import { authEnabled } from '@/lib/server/caller';
import { route } from '@/lib/server/http';
import { checkApiKey } from '@/lib/server/openai-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Every saved graph as an MCP tool (streamable HTTP, stateless). Protected like /api/v1: an editor
 * caller (API key or session; rate-limited, since calls run graphs), and with accounts off,
 * SWITCHYARD_API_KEY when it is set.
 */
const handler = route(
  'editor',
  (req) => {
    if (!authEnabled()) checkApiKey(req);
    return handleMcpRequest(req);
  },
  { rateLimit: true },
);

export const POST = handler;
export const GET = handler;
export const DELETE = handler;
