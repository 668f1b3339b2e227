/**
 * Browser client of /api/connections, typed and checked by lib/contracts/connections.ts. Failures
 * become the ApiError of components/graphs/api.ts (code, message, details with zod issues).
 */
import type { z } from 'zod';
import { ApiError, toApiError } from '@/components/graphs/api';
import {
  ConnectionListResponse,
  ConnectionView,
  TestConnectionResponse,
  type CreateConnectionBody,
  type UpdateConnectionBody,
} from '@/lib/contracts/connections';

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store', ...init });
  } catch {
    throw new ApiError('Could not reach the server. Is it running?', 0, 'network');
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

async function sendJson<S extends z.ZodType>(url: string, method: string, body: unknown, schema: S): Promise<z.output<S>> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return schema.parse(await (await send(url, init)).json());
}

const one = (name: string) => `/api/connections/${encodeURIComponent(name)}`;

export const fetchConnections = async (signal?: AbortSignal) =>
  ConnectionListResponse.parse(await (await send('/api/connections', { signal })).json());

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
