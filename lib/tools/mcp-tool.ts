/**
 * The `mcp` tool: the allow-listed tools of an operator-configured MCP server (`server`), each a
 * function under its own name with the server's input schema (from listTools). The connection to
 * the server is the runtime's (lib/runtime/mcp/client-pool.ts, through the SSRF-guarded fetch);
 * this file maps its tools to function definitions and its results to text.
 */
import type { ToolDefinition } from '../engine/ports';
import type { ToolSpec } from '../graph/schema';
import { argsObject, toolError } from './tool-call';

export type McpToolSpec = Extract<ToolSpec, { type: 'mcp' }>;

export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** A content block of a tools/call result (text, image, audio, resource, resource_link). */
export interface McpContent {
  type: string;
  text?: string;
  mimeType?: string;
  uri?: string;
  resource?: { uri?: string; text?: string; mimeType?: string };
}

export interface McpCallResult {
  content?: McpContent[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** The operator's MCP servers, by name (the runtime's client pool). */
export interface McpClients {
  listTools(server: string, signal: AbortSignal): Promise<McpToolInfo[]>;
  callTool(server: string, tool: string, args: Record<string, unknown>, opts: { signal: AbortSignal; timeoutMs?: number }): Promise<McpCallResult>;
}

const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The allow-listed tools of the server as function definitions; a listed tool the server lacks is an error. */
export function mcpDefinitions(name: string, spec: McpToolSpec, offered: McpToolInfo[]): ToolDefinition[] {
  const byName = new Map(offered.map((t) => [t.name, t]));
  return spec.tools.map((toolName) => {
    const t = byName.get(toolName);
    if (!t) throw toolError(`MCP tool "${name}": server "${spec.server}" has no tool "${toolName}" (it offers: ${offered.map((o) => o.name).join(', ') || 'none'})`);
    if (!FUNCTION_NAME.test(t.name)) throw toolError(`MCP tool "${name}": "${t.name}" cannot be a function name (letters, digits, _ and - only)`);
    const schema = t.inputSchema && typeof t.inputSchema === 'object' ? t.inputSchema : { type: 'object', properties: {} };
    return { type: 'function', function: { name: t.name, description: t.description ?? spec.description ?? `${t.name} (MCP server ${spec.server})`, parameters: schema } };
  });
}

/** The text of a tools/call result: text blocks as is, resources by text or URI, other media named. */
export function mcpResultText(result: McpCallResult): string {
  const parts = (result.content ?? []).map((c) => {
    if (c.type === 'text') return c.text ?? '';
    if (c.type === 'resource') return c.resource?.text ?? `[resource ${c.resource?.uri ?? ''}]`;
    if (c.type === 'resource_link') return `[resource ${c.uri ?? ''}]`;
    return `[${c.type}${c.mimeType ? ` ${c.mimeType}` : ''}]`;
  });
  if (!parts.length && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

/** Calls an allow-listed tool of the server; a result flagged isError is a tool error (the model is told). */
export async function runMcpTool(name: string, spec: McpToolSpec, fn: string, args: unknown, clients: McpClients, signal: AbortSignal): Promise<string> {
  if (!spec.tools.includes(fn)) throw toolError(`MCP tool "${name}" does not allow "${fn}" (allowed: ${spec.tools.join(', ')})`);
  const result = await clients.callTool(spec.server, fn, argsObject(args), { signal, timeoutMs: spec.timeout_s ? spec.timeout_s * 1000 : undefined });
  const out = mcpResultText(result);
  if (result.isError) throw toolError(`${fn} (MCP server ${spec.server}) failed: ${out.slice(0, 2000)}`);
  return out;
}
