/**
 * The operator's configuration as graphs are checked against it: before a run starts (so that a run
 * that cannot work fails at once with a clear message), and when a graph is saved or imported (the
 * ValidationContext the API routes give to validation: a scorer's connection, an mcp tool's server,
 * with the graph's workspace a knowledge tool's base).
 */
import 'server-only';
import { envDefaultConnection } from '@/lib/llm';
import { DEFAULTS } from '@/lib/graph/defaults';
import { callsModel } from '@/lib/graph/roles';
import type { GraphDocument } from '@/lib/graph/schema';
import { getStore } from '@/db/store';
import type { Problem } from '@/lib/graph/problems';
import { contextOf, operatorConfigProblems, type ConfiguredNames, type ValidationContext } from '@/lib/graph/validate-tools';
import { listMcpServerConfigs } from './mcp/servers';

const envHasDefault = (name: string) => name === 'default' && envDefaultConnection() !== null;

/**
 * The operator's configuration as names, read through the async store, plain data (also for a
 * worker thread, lib/server/import-worker.ts): `default` when the environment or Settings has it,
 * the connections saved in Settings, every MCP server.
 */
export async function configuredNames(workspaceId?: string): Promise<ConfiguredNames> {
  const [saved, servers, bases] = await Promise.all([getStore().connections.list(), listMcpServerConfigs(), workspaceId ? getStore().knowledge.listBases([workspaceId]) : undefined]);
  const names = saved.map((c) => c.name);
  return {
    connections: envHasDefault('default') && !names.includes('default') ? ['default', ...names] : names,
    mcpServers: servers.map((s) => s.name),
    // With the graph's workspace: its knowledge bases, which `knowledge` tools name.
    ...(bases ? { knowledgeBases: bases.map((b) => b.name) } : {}),
  };
}

/** The operator's connections and MCP servers, for validation when a graph is saved, imported or restored. */
export async function validationContext(workspaceId?: string): Promise<ValidationContext> {
  return contextOf(await configuredNames(workspaceId));
}

/**
 * Connection names the graph's model-using nodes need that are not configured. Checked at run start
 * only: a graph may be saved before its model connection exists (and run with the demo model).
 */
export async function missingConnections(doc: GraphDocument): Promise<string[]> {
  const needed = new Set<string>();
  for (const node of Object.values(doc.nodes)) {
    if (!callsModel(node)) continue;
    const modelId = ('model' in node && node.model) || DEFAULTS.model;
    const spec = doc.models?.[modelId];
    needed.add(spec?.connection ?? 'default');
  }
  const store = getStore();
  const found = await Promise.all([...needed].map(async (name) => envHasDefault(name) || (await store.connections.get(name)) !== undefined));
  return [...needed].filter((_, i) => !found[i]).sort();
}

/** `mcp` tools whose server is not configured (any more: saving checks it too), each with its path. Checked at run start. */
export async function unknownMcpServers(doc: GraphDocument): Promise<Problem[]> {
  if (!Object.values(doc.tools ?? {}).some((t) => t.type === 'mcp')) return []; // nothing to read
  const names = new Set((await listMcpServerConfigs()).map((s) => s.name));
  const servers: ValidationContext = { hasConnection: () => true, hasMcpServer: (name) => names.has(name) };
  return operatorConfigProblems(doc, servers).filter((p) => p.code === 'unknown_mcp_server');
}
