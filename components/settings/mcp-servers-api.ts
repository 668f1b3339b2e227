/** Browser client of /api/mcp-servers, typed by lib/contracts/mcp-servers.ts. */
import { jsonBody, request, send } from '@/lib/contracts/client';
import type { McpServerList, McpServerTestResult, McpServerView, CreateMcpServerBody } from '@/lib/contracts/mcp-servers';

const one = (name: string) => `/api/mcp-servers/${encodeURIComponent(name)}`;

export const fetchMcpServers = (signal?: AbortSignal) => request<McpServerList>('/api/mcp-servers', { signal });
export const createMcpServer = (body: CreateMcpServerBody) => request<McpServerView>('/api/mcp-servers', jsonBody('POST', body));
export const testMcpServer = (name: string) => request<McpServerTestResult>(`${one(name)}/test`, jsonBody('POST', undefined));
export async function deleteMcpServer(name: string): Promise<void> {
  await send(one(name), { method: 'DELETE' });
}
