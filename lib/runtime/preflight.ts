/**
 * The operator's configuration as graphs are checked against it: before a run starts (so that a run
 * that cannot work fails at once with a clear message), and when a graph is saved or imported (the
 * ValidationContext the API routes give to validation: a scorer's connection, an mcp tool's server).
 */
import 'server-only';
import { envDefaultConnection } from '@/lib/llm';
import { DEFAULTS } from '@/lib/graph/defaults';
import { callsModel } from '@/lib/graph/roles';
import type { GraphDocument } from '@/lib/graph/schema';
import { getConnection, listConnections } from '@/db/connections';
import type { Problem } from '@/lib/graph/problems';
import { operatorConfigProblems, type ConfiguredNames, type ValidationContext } from '@/lib/graph/validate-tools';
import { findMcpServerConfig, listMcpServerConfigs } from './mcp/servers';

/** Whether connection `name` is configured: `default` from the environment, or saved in Settings. */
function hasConnection(name: string): boolean {
  return (name === 'default' && envDefaultConnection() !== null) || Boolean(getConnection(name));
}

/** The operator's connections and MCP servers, for validation when a graph is saved or imported. */
export function validationContext(): ValidationContext {
  return { hasConnection, hasMcpServer: (name) => findMcpServerConfig(name) !== undefined };
}

/**
 * The same configuration as names, plain data for a worker thread (lib/server/import-worker.ts):
 * `default` when hasConnection says so, the connections saved in Settings, every MCP server.
 */
export function configuredNames(): ConfiguredNames {
  const saved = listConnections().map((c) => c.name);
  return {
    connections: hasConnection('default') && !saved.includes('default') ? ['default', ...saved] : saved,
    mcpServers: listMcpServerConfigs().map((s) => s.name),
  };
}

/**
 * Connection names the graph's model-using nodes need that are not configured. Checked at run start
 * only: a graph may be saved before its model connection exists (and run with the demo model).
 */
export function missingConnections(doc: GraphDocument): string[] {
  const needed = new Set<string>();
  for (const node of Object.values(doc.nodes)) {
    if (!callsModel(node)) continue;
    const modelId = ('model' in node && node.model) || DEFAULTS.model;
    const spec = doc.models?.[modelId];
    needed.add(spec?.connection ?? 'default');
  }
  return [...needed].filter((name) => !hasConnection(name)).sort();
}

/** `mcp` tools whose server is not configured (any more: saving checks it too), each with its path. */
export function unknownMcpServers(doc: GraphDocument): Problem[] {
  return operatorConfigProblems(doc, validationContext()).filter((p) => p.code === 'unknown_mcp_server');
}
