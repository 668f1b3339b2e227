/**
 * Browser client of /api/graphs, typed (and checked) by lib/contracts/graphs.ts.
 * Failures become ApiError with the server's code, message and, for 422, its problems.
 */
import { ApiError, jsonBody, request, toApiError } from '@/lib/contracts/client';
import type { GraphDocument } from '@/lib/graph/schema';
import {
  GraphListResponse,
  GraphRecord,
  ImportGraphResponse,
  SavedGraphResponse,
  TemplateListResponse,
  type CreateGraphRequest,
} from '@/lib/contracts/graphs';

export { ApiError };

export const fetchGraphs = (signal?: AbortSignal) => request('/api/graphs', { signal }, GraphListResponse);

const one = (id: string) => `/api/graphs/${encodeURIComponent(id)}`;

export const fetchGraph = (id: string, signal?: AbortSignal) => request(one(id), { signal }, GraphRecord);

export const saveGraph = (id: string, document: GraphDocument) => request(one(id), jsonBody('PUT', { document }), SavedGraphResponse);

export const fetchTemplates = (signal?: AbortSignal) => request('/api/graphs/templates', { signal }, TemplateListResponse);

export const createGraph = (body: CreateGraphRequest) => request('/api/graphs', jsonBody('POST', body), SavedGraphResponse);

export const importGraphYaml = (yaml: string, opts: { overwrite?: boolean; asCopy?: boolean } = {}) =>
  request(
    `/api/graphs/import${opts.overwrite ? '?overwrite=true' : opts.asCopy ? '?as_copy=true' : ''}`,
    { method: 'POST', headers: { 'content-type': 'application/yaml; charset=utf-8' }, body: yaml },
    ImportGraphResponse,
  );

export async function deleteGraph(id: string): Promise<void> {
  const res = await fetch(one(id), { method: 'DELETE' });
  if (!res.ok && res.status !== 404) throw await toApiError(res);
}

export const exportUrl = (id: string) => `${one(id)}/export`;

/** The id of the existing graph a 409 import conflict names, if any. */
export function conflictingId(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const id = (err.details as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}
