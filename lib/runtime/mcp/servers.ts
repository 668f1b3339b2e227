/**
 * The operator's MCP servers, by name: those saved in Settings (db/mcp-servers.ts: streamable HTTP
 * or SSE by URL) and stdio servers from the server's own config, never from a graph:
 * SWITCHYARD_MCP_STDIO holds JSON `{ "<name>": { "command": "...", "args": [...], "env": {...}, "cwd": "..." } }`
 * or the path of a file holding it. A config name wins over a saved one. Saved servers are read
 * through the async store.
 */
import 'server-only';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { McpServerRow } from '@/db/store';
import { getStore } from '@/db/store';
import { McpServerNameField } from '@/lib/contracts/mcp-servers';

export type McpServerConfig =
  | { name: string; transport: 'http' | 'sse'; url: string; headers: Record<string, string>; source: 'db'; createdAt: Date; workspace: string | null }
  | { name: string; transport: 'stdio'; command: string; args: string[]; env?: Record<string, string>; cwd?: string; source: 'config' };

const StdioEntry = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});
const StdioConfig = z.record(McpServerNameField, StdioEntry);

/** stdio servers from SWITCHYARD_MCP_STDIO (inline JSON or a file path); a bad value is reported once and ignored. */
export function stdioServers(env: Record<string, string | undefined> = process.env): McpServerConfig[] {
  const raw = env.SWITCHYARD_MCP_STDIO?.trim();
  if (!raw) return [];
  try {
    const text = raw.startsWith('{') ? raw : readFileSync(raw, 'utf8');
    const parsed = StdioConfig.parse(JSON.parse(text));
    return Object.entries(parsed).map(([name, e]) => ({ name, transport: 'stdio', command: e.command, args: e.args ?? [], env: e.env, cwd: e.cwd, source: 'config' }));
  } catch (err) {
    warnOnce(`SWITCHYARD_MCP_STDIO is not usable (${err instanceof Error ? err.message.slice(0, 300) : String(err)}); no stdio MCP servers are configured`);
    return [];
  }
}

let warned = '';
function warnOnce(message: string): void {
  if (warned === message) return;
  warned = message;
  console.warn(`[switchyard] ${message}`);
}

const savedConfig = (r: McpServerRow): McpServerConfig => ({ name: r.name, transport: r.transport, url: r.url, headers: r.headers ?? {}, source: 'db', createdAt: r.createdAt, workspace: r.workspaceId });

/** Instance-wide (stdio ones, saved ones without a workspace), or the workspace's own; every one when `workspaceId` is undefined. */
const visibleIn = (c: McpServerConfig, workspaceId: string | undefined) => c.source === 'config' || c.workspace === null || workspaceId === undefined || c.workspace === workspaceId;

/** The MCP servers usable in `workspaceId` (undefined: all). */
export async function listMcpServerConfigs(workspaceId?: string): Promise<McpServerConfig[]> {
  const stdio = stdioServers();
  const taken = new Set(stdio.map((s) => s.name));
  const saved = (await getStore().mcpServers.list()).filter((r) => !taken.has(r.name)).map(savedConfig);
  return [...stdio, ...saved].filter((c) => visibleIn(c, workspaceId)).sort((a, b) => a.name.localeCompare(b.name));
}

export async function findMcpServerConfig(name: string, workspaceId?: string): Promise<McpServerConfig | undefined> {
  const stdio = stdioServers().find((s) => s.name === name);
  if (stdio) return stdio;
  const r = await getStore().mcpServers.get(name);
  const cfg = r && savedConfig(r);
  return cfg && visibleIn(cfg, workspaceId) ? cfg : undefined;
}
