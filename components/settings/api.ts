/**
 * Browser client of /api/connections, typed and checked by lib/contracts/connections.ts. Failures
 * become the ApiError of lib/contracts/client.ts (code, message, details with zod issues).
 */
import type { z } from 'zod';
import { ApiError, jsonBody, request, send } from '@/lib/contracts/client';
import {
  ConnectionListResponse,
  ConnectionView,
  TestConnectionResponse,
  type CreateConnectionBody,
  type UpdateConnectionBody,
} from '@/lib/contracts/connections';

async function sendJson<S extends z.ZodType>(url: string, method: string, body: unknown, schema: S): Promise<z.output<S>> {
  return request(url, jsonBody(method, body), schema);
}

const one = (name: string) => `/api/connections/${encodeURIComponent(name)}`;

export const fetchConnections = (signal?: AbortSignal) => request('/api/connections', { signal }, ConnectionListResponse);

export const createConnection = (body: CreateConnectionBody) => sendJson('/api/connections', 'POST', body, ConnectionView);

export const updateConnection = (name: string, body: UpdateConnectionBody) => sendJson(one(name), 'PUT', body, ConnectionView);

export async function deleteConnection(name: string): Promise<void> {
  try {
    await send(one(name), { method: 'DELETE' });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err; // already gone is fine
  }
}

export const testConnection = (name: string) => sendJson(`${one(name)}/test`, 'POST', undefined, TestConnectionResponse);
