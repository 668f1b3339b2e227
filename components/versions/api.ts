/** Browser client of the version routes, typed by lib/contracts/graph-versions.ts. */
import { jsonBody, request } from '@/lib/contracts/client';
import type { GraphVersionRecord, RestoreVersionResponse, VersionDiffResponse, RestoreVersionRequest } from '@/lib/contracts/graph-versions';
import type { GraphVersionsResponse } from '@/lib/contracts/graphs';

const versions = (id: string) => `/api/graphs/${encodeURIComponent(id)}/versions`;

export const fetchVersions = (id: string, signal?: AbortSignal) => request<GraphVersionsResponse>(versions(id), { signal });

export const fetchVersion = (id: string, version: number, signal?: AbortSignal) =>
  request<GraphVersionRecord>(`${versions(id)}/${version}`, { signal });

/** Version `a` → version `b`: the YAML line diff and what changed in nodes and edges (any two versions). */
export const fetchVersionDiff = (id: string, a: number, b: number, signal?: AbortSignal) =>
  request<VersionDiffResponse>(`${versions(id)}/diff?a=${a}&b=${b}`, { signal });

export const restoreVersion = (id: string, version: number, body: RestoreVersionRequest) =>
  request<RestoreVersionResponse>(`${versions(id)}/${version}/restore`, jsonBody('POST', body));

/** Roles in a stored document (START and END are not nodes); tolerant of old or broken documents. */
export function nodeCount(doc: unknown): number {
  const nodes = (doc as { nodes?: unknown } | null)?.nodes;
  return nodes && typeof nodes === 'object' && !Array.isArray(nodes) ? Object.keys(nodes).length : 0;
}
