/**
 * Browser client of /api/graphs, typed (and checked) by lib/contracts/graphs.ts.
 * Failures become ApiError with the server's code, message and, for 422, its problems.
 */
import type { z } from 'zod';
import { parseErrorBody, type ProblemJson } from '@/lib/contracts/common';
import {
  GraphListResponse,
  ImportGraphResponse,
  SavedGraphResponse,
  TemplateListResponse,
  type CreateGraphRequest,
} from '@/lib/contracts/graphs';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly problems: ProblemJson[] = [],
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function toApiError(res: Response): Promise<ApiError> {
  const body = parseErrorBody(await res.json().catch(() => null));
  if (!body) return new ApiError(`${res.status} ${res.statusText || 'request failed'}`, res.status, 'http_error');
  return new ApiError(body.error.message, res.status, body.error.code, body.errors ?? [], body.error.details);
}

async function request<S extends z.ZodType>(url: string, init: RequestInit, schema: S): Promise<z.output<S>> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store', ...init });
  } catch {
    throw new ApiError('Could not reach the server. Is it running?', 0, 'network');
  }
  if (!res.ok) throw await toApiError(res);
  return schema.parse(await res.json());
}

export const fetchGraphs = (signal?: AbortSignal) => request('/api/graphs', { signal }, GraphListResponse);

export const fetchTemplates = (signal?: AbortSignal) => request('/api/graphs/templates', { signal }, TemplateListResponse);

export const createGraph = (body: CreateGraphRequest) =>
  request('/api/graphs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, SavedGraphResponse);

export const importGraphYaml = (yaml: string, opts: { overwrite?: boolean } = {}) =>
  request(
    `/api/graphs/import${opts.overwrite ? '?overwrite=true' : ''}`,
    { method: 'POST', headers: { 'content-type': 'application/yaml; charset=utf-8' }, body: yaml },
    ImportGraphResponse,
  );

export async function deleteGraph(id: string): Promise<void> {
  const res = await fetch(`/api/graphs/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (!res.ok && res.status !== 404) throw await toApiError(res);
}

export const exportUrl = (id: string) => `/api/graphs/${encodeURIComponent(id)}/export`;

/** The id of the existing graph a 409 import conflict names, if any. */
export function conflictingId(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const id = (err.details as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}
