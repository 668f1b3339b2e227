/**
 * Connections to the operator's MCP servers (the SDK's Client), one per server per process, kept on
 * globalThis and reopened when the server's config changes or a call fails on the connection.
 * HTTP transports go through the SSRF-guarded fetch (lib/tools/mcp-fetch.ts): a server on a private
 * address is reachable only when SWITCHYARD_ALLOWED_HOSTS allows it.
 *
 * The client is the MCP SDK 2.x one: over streamable HTTP it negotiates the era (`server/discover`
 * first; a 2025-era server gets the `initialize` handshake), so servers of the stateless 2026-07-28
 * revision and 2025-06-18 / 2025-11-25 servers both work. The older HTTP+SSE transport and stdio
 * speak the 2025 handshake (those servers predate 2026-07-28; a stdio probe would spawn the command twice).
 */
import 'server-only';
import { Client, SSEClientTransport, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { AppError, notFound } from '@/lib/errors';
import { guardedWebFetch } from '@/lib/tools/mcp-fetch';
import { headersSecrets, registerSecrets } from '@/lib/tools/redact';
import type { McpCallResult, McpClients, McpToolInfo } from '@/lib/tools/mcp-tool';
import { runtimeConfig } from '../config';
import { findMcpServerConfig, type McpServerConfig } from './servers';

const DEFAULT_TIMEOUT_MS = 60_000;

interface PoolEntry {
  fingerprint: string;
  client: Promise<Client>;
}

const KEY = Symbol.for('switchyard.mcp-clients');
type GlobalWithPool = typeof globalThis & { [KEY]?: Map<string, PoolEntry> };
function pool(): Map<string, PoolEntry> {
  const g = globalThis as GlobalWithPool;
  return (g[KEY] ??= new Map());
}

function transportFor(cfg: McpServerConfig, allowedHosts: string[]): Transport {
  if (cfg.transport === 'stdio') {
    registerSecrets(Object.values(cfg.env ?? {}));
    return new StdioClientTransport({ command: cfg.command, args: cfg.args, env: cfg.env, cwd: cfg.cwd, stderr: 'pipe' });
  }
  // Every header value of an MCP server is a secret, whatever its name: the redactor masks it wherever it comes back.
  registerSecrets(headersSecrets(cfg.headers));
  const fetch = guardedWebFetch({ allowedHosts });
  const requestInit = { headers: cfg.headers };
  return cfg.transport === 'sse' ? new SSEClientTransport(new URL(cfg.url), { fetch, requestInit }) : new StreamableHTTPClientTransport(new URL(cfg.url), { fetch, requestInit });
}

/** A connected client for `cfg` (not pooled: the caller closes it). */
export async function connectMcp(cfg: McpServerConfig, opts: { allowedHosts?: string[]; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Client> {
  const client = new Client({ name: 'switchyard', version: '1' }, cfg.transport === 'http' ? { versionNegotiation: { mode: 'auto' } } : {});
  try {
    await client.connect(transportFor(cfg, opts.allowedHosts ?? runtimeConfig().allowedHosts), { signal: opts.signal, timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw asMcpError(cfg.name, err);
  }
  return client;
}

/** The AppError behind `err` (the SDK wraps what the guarded fetch threw, e.g. ssrf_blocked, in its own errors' `cause`). */
function appErrorIn(err: unknown, depth = 0): AppError | undefined {
  if (err instanceof AppError) return err;
  if (!err || typeof err !== 'object' || depth > 6) return undefined;
  return appErrorIn((err as { cause?: unknown }).cause, depth + 1);
}

function asMcpError(server: string, err: unknown): AppError {
  const app = appErrorIn(err);
  if (app) return new AppError(app.code, `MCP server "${server}": ${app.message}`, app.details);
  return new AppError('mcp_error', `MCP server "${server}": ${err instanceof Error ? err.message : String(err)}`);
}

async function configOf(server: string, workspaceId?: string): Promise<McpServerConfig> {
  const cfg = await findMcpServerConfig(server, workspaceId);
  if (!cfg) throw notFound(`MCP server "${server}"`);
  return cfg;
}

function pooled(cfg: McpServerConfig): Promise<Client> {
  const fingerprint = JSON.stringify(cfg, (k, v: unknown) => (k === 'createdAt' ? undefined : v));
  const entries = pool();
  const found = entries.get(cfg.name);
  if (found?.fingerprint === fingerprint) return found.client;
  if (found) void found.client.then((c) => c.close()).catch(() => undefined);
  const client = connectMcp(cfg);
  const entry = { fingerprint, client };
  entries.set(cfg.name, entry);
  client.catch(() => entries.get(cfg.name) === entry && entries.delete(cfg.name));
  return client;
}

/** Closes and forgets the pooled client of `name` (its config changed or was deleted). */
export async function forgetMcpClient(name: string): Promise<void> {
  const entry = pool().get(name);
  pool().delete(name);
  await entry?.client.then((c) => c.close()).catch(() => undefined);
}

/** Runs `fn` on the server's pooled client; a failure drops the connection so the next use reconnects. */
async function withClient<T>(server: string, fn: (c: Client) => Promise<T>, workspace?: () => Promise<string | undefined>): Promise<T> {
  const cfg = await configOf(server, await workspace?.());
  const client = await pooled(cfg);
  try {
    return await fn(client);
  } catch (err) {
    const entry = pool().get(server);
    if (entry && (await entry.client.catch(() => undefined)) === client) await forgetMcpClient(server);
    throw asMcpError(server, err);
  }
}

/** Every tool of a connected client (all pages). */
export async function listAllTools(client: Client, signal?: AbortSignal): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await client.listTools(cursor ? { cursor } : {}, { signal });
    tools.push(...res.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as Record<string, unknown> })));
    cursor = res.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

/** The MCP clients the tool port uses in runs; `workspace`: the run's, whose servers (and instance-wide ones) it may use. */
export function mcpClients(workspace?: () => Promise<string | undefined>): McpClients {
  return {
    listTools: (server, signal) => withClient(server, (c) => listAllTools(c, signal), workspace),
    callTool: (server, tool, args, opts) =>
      withClient(server, async (c) => (await c.callTool({ name: tool, arguments: args }, { signal: opts.signal, timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS })) as McpCallResult, workspace),
  };
}
