/**
 * Browser client of /api/graphs, typed by lib/contracts/graphs.ts.
 * Failures become ApiError with the server's code, message and, for 422, its problems.
 */
import { ApiError, jsonBody, request, toApiError } from '@/lib/contracts/client';
import type { GraphDocument } from '@/lib/graph/schema';
import type { GraphListResponse, GraphRecord, ImportGraphResponse, SavedGraphResponse, TemplateListResponse, CreateGraphRequest } from '@/lib/contracts/graphs';

export { ApiError };

export const fetchGraphs = (signal?: AbortSignal) => request<GraphListResponse>('/api/graphs', { signal });

const one = (id: string) => `/api/graphs/${encodeURIComponent(id)}`;

export const fetchGraph = (id: string, signal?: AbortSignal) => request<GraphRecord>(one(id), { signal });

export const saveGraph = (id: string, document: GraphDocument) => request<SavedGraphResponse>(one(id), jsonBody('PUT', { document }));

export const fetchTemplates = (signal?: AbortSignal) => request<TemplateListResponse>('/api/graphs/templates', { signal });

export const createGraph = (body: CreateGraphRequest) => request<SavedGraphResponse>('/api/graphs', jsonBody('POST', body));

export const importGraphYaml = (yaml: string, opts: { overwrite?: boolean; asCopy?: boolean } = {}) =>
  request<ImportGraphResponse>(
    `/api/graphs/import${opts.overwrite ? '?overwrite=true' : opts.asCopy ? '?as_copy=true' : ''}`,
    { method: 'POST', headers: { 'content-type': 'application/yaml; charset=utf-8' }, body: yaml },
  );

export async function deleteGraph(id: string): Promise<void> {
  const res = await fetch(one(id), { method: 'DELETE' });
  if (!res.ok && res.status !== 404) throw await toApiError(res);
}

export const exportUrl = (id: string) => `${one(id)}/export`;

export const moveGraph = (id: string, workspace: string) => request<GraphRecord>(`${one(id)}/move`, jsonBody('POST', { workspace }));

/** The id of the existing graph a 409 import conflict names, if any. */
export function conflictingId(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const id = (err.details as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}
