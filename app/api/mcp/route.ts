import { handleMcpRequest } from '@/lib/runtime/mcp/graph-server';
import { keyBudget } from '@/lib/server/auth-keys';
import { authEnabled } from '@/lib/server/caller';
import { route } from '@/lib/server/http';
import { checkApiKey } from '@/lib/server/openai-route';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Every saved graph as an MCP tool (streamable HTTP, stateless). Protected like /api/v1: an editor
 * caller (API key or session; rate-limited, since calls run graphs), and with accounts off,
 * SWITCHYARD_API_KEY when it is set. A tools/call with an API key over its monthly budget is
 * refused (an error result `budget_exceeded: …`, no run); tools/list still answers.
 */
const handler = route(
  'editor',
  (req, _ctx, caller) => {
    if (!authEnabled()) checkApiKey(req);
    return handleMcpRequest(req, { workspaceId: workspaceFor(req, caller, 'editor'), beforeRun: () => keyBudget(caller) });
  },
  { rateLimit: true },
);

export const POST = handler;
export const GET = handler;
export const DELETE = handler;
