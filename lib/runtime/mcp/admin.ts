/** The operator's MCP servers as the API shows and edits them (/api/mcp-servers): views, create, update, delete, test. */
import 'server-only';
import { getStore } from '@/db/store';
import type { CreateMcpServerBody, McpServerTestResult, McpServerView, UpdateMcpServerBody } from '@/lib/contracts/mcp-servers';
import { AppError, conflict, notFound } from '@/lib/errors';
import { redactText } from '@/lib/tools/redact';
import { connectMcp, forgetMcpClient, listAllTools } from './client-pool';
import { findMcpServerConfig, listMcpServerConfigs, stdioServers, type McpServerConfig } from './servers';

function view(cfg: McpServerConfig): McpServerView {
  if (cfg.transport === 'stdio') {
    return { name: cfg.name, transport: 'stdio', url: null, command: [cfg.command, ...cfg.args].join(' '), header_names: [], source: 'config', read_only: true, created_at: null };
  }
  return { name: cfg.name, workspace: cfg.workspace, transport: cfg.transport, url: cfg.url, command: null, header_names: Object.keys(cfg.headers).sort(), source: 'db', read_only: false, created_at: cfg.createdAt.toISOString() };
}

/** The MCP servers usable in `workspaceId` (instance-wide and its own; undefined: all). */
export async function listMcpServerViews(workspaceId?: string): Promise<McpServerView[]> {
  return (await listMcpServerConfigs(workspaceId)).map(view);
}

function refuseConfigName(name: string): void {
  if (stdioServers().some((s) => s.name === name)) throw new AppError('read_only', `MCP server "${name}" comes from SWITCHYARD_MCP_STDIO; change the server's config to change it.`);
}

/** The view of a server just written (a saved one: the stdio names were refused). */
async function viewOf(name: string): Promise<McpServerView> {
  const cfg = await findMcpServerConfig(name);
  if (!cfg) throw notFound(`MCP server "${name}"`); // deleted meanwhile
  return view(cfg);
}

export async function createMcpServer(body: CreateMcpServerBody): Promise<McpServerView> {
  refuseConfigName(body.name);
  const row = await getStore().mcpServers.insert({ name: body.name, workspaceId: body.workspace ?? null, transport: body.transport ?? 'http', url: body.url, headers: body.headers ?? null });
  if (!row) throw conflict(`MCP server "${body.name}" exists already`);
  return viewOf(row.name);
}

export async function editMcpServer(name: string, body: UpdateMcpServerBody): Promise<McpServerView> {
  refuseConfigName(name);
  const row = await getStore().mcpServers.update(name, { transport: body.transport, url: body.url, headers: body.headers });
  if (!row) throw notFound(`MCP server "${name}"`);
  await forgetMcpClient(name);
  return viewOf(name);
}

export async function removeMcpServer(name: string): Promise<void> {
  refuseConfigName(name);
  if (!(await getStore().mcpServers.delete(name))) throw notFound(`MCP server "${name}"`);
  await forgetMcpClient(name);
}

/** Connects afresh and lists the server's tools: `{ ok, tools }` or `{ ok: false, error }` (never throws for the server's failures). */
export async function testMcpServer(name: string, now: () => number = Date.now): Promise<McpServerTestResult> {
  const cfg = await findMcpServerConfig(name);
  if (!cfg) throw notFound(`MCP server "${name}"`);
  const started = now();
  const signal = AbortSignal.timeout(30_000);
  try {
    const client = await connectMcp(cfg, { signal, timeoutMs: 30_000 });
    try {
      const tools = await listAllTools(client, signal);
      return { ok: true, latency_ms: now() - started, tools: tools.map((t) => ({ name: t.name, description: t.description ?? null })) };
    } finally {
      await client.close().catch(() => undefined);
    }
  } catch (err) {
    // The server's words, with its header values (and any other known secret) masked.
    const message = redactText(err instanceof Error ? err.message : String(err));
    const e = err instanceof AppError ? { code: err.code, message } : { code: 'mcp_error', message };
    return { ok: false, latency_ms: now() - started, tools: [], error: e };
  }
}
