/** Browser client of /api/mcp-servers, typed and checked by lib/contracts/mcp-servers.ts. */
import { jsonBody, request, send } from '@/lib/contracts/client';
import { McpServerList, McpServerTestResult, McpServerView, type CreateMcpServerBody } from '@/lib/contracts/mcp-servers';

const one = (name: string) => `/api/mcp-servers/${encodeURIComponent(name)}`;

export const fetchMcpServers = (signal?: AbortSignal) => request('/api/mcp-servers', { signal }, McpServerList);
export const createMcpServer = (body: CreateMcpServerBody) => request('/api/mcp-servers', jsonBody('POST', body), McpServerView);
export const testMcpServer = (name: string) => request(`${one(name)}/test`, jsonBody('POST', undefined), McpServerTestResult);
export async function deleteMcpServer(name: string): Promise<void> {
  await send(one(name), { method: 'DELETE' });
}
