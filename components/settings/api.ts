/**
 * Browser client of /api/connections, typed by lib/contracts/connections.ts. Failures become the
 * ApiError of lib/contracts/client.ts (code, message, details with the fields at fault).
 */
import { ApiError, jsonBody, request, send } from '@/lib/contracts/client';
import type { ConnectionListResponse, ConnectionModelsResponse, ConnectionView, TestConnectionResponse, CreateConnectionBody, UpdateConnectionBody } from '@/lib/contracts/connections';

const one = (name: string) => `/api/connections/${encodeURIComponent(name)}`;

export const fetchConnections = (signal?: AbortSignal) => request<ConnectionListResponse>('/api/connections', { signal });

export const createConnection = (body: CreateConnectionBody) => request<ConnectionView>('/api/connections', jsonBody('POST', body));

export const updateConnection = (name: string, body: UpdateConnectionBody) => request<ConnectionView>(one(name), jsonBody('PUT', body));

export async function deleteConnection(name: string): Promise<void> {
  try {
    await send(one(name), { method: 'DELETE' });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err; // already gone is fine
  }
}

export const testConnection = (name: string) => request<TestConnectionResponse>(`${one(name)}/test`, jsonBody('POST'));

/** The connection's model ids (cached by the server; `refresh` asks the model server again). */
export const fetchConnectionModels = (name: string, refresh = false, signal?: AbortSignal) =>
  request<ConnectionModelsResponse>(`${one(name)}/models${refresh ? '?refresh=1' : ''}`, { signal });
