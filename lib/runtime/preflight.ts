/** Checks made before a run starts, so that a run that cannot work fails at once with a clear message. */
import 'server-only';
import { envDefaultConnection } from '@/lib/llm';
import { DEFAULTS } from '@/lib/graph/defaults';
import { callsModel } from '@/lib/graph/roles';
import type { GraphDocument } from '@/lib/graph/schema';
import { getConnection } from '@/db/connections';
import type { Problem } from '@/lib/graph/problems';
import { problem } from '@/lib/graph/validate-problem';
import { findMcpServerConfig } from './mcp/servers';

/** Connection names the graph's model-using nodes need that are neither in the environment nor saved. */
export function missingConnections(doc: GraphDocument): string[] {
  const needed = new Set<string>();
  for (const node of Object.values(doc.nodes)) {
    if (!callsModel(node)) continue;
    const modelId = ('model' in node && node.model) || DEFAULTS.model;
    const spec = doc.models?.[modelId];
    needed.add(spec?.connection ?? 'default');
  }
  return [...needed].filter((name) => !(name === 'default' && envDefaultConnection()) && !getConnection(name)).sort();
}

/** `mcp` tools whose server is not configured (Settings or SWITCHYARD_MCP_STDIO), each with its path. */
export function unknownMcpServers(doc: GraphDocument): Problem[] {
  const out: Problem[] = [];
  for (const [id, tool] of Object.entries(doc.tools ?? {})) {
    if (tool.type === 'mcp' && !findMcpServerConfig(tool.server)) {
      out.push(problem('error', 'unknown_mcp_server', ['tools', id, 'server'], `unknown MCP server "${tool.server}": add it in Settings (POST /api/mcp-servers) or in SWITCHYARD_MCP_STDIO`));
    }
  }
  return out;
}
