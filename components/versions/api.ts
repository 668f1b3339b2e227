/** Browser client of the version routes, typed (and checked) by lib/contracts/graph-versions.ts. */
import { jsonBody, request } from '@/lib/contracts/client';
import { GraphVersionRecord, RestoreVersionResponse, VersionDiffResponse, type RestoreVersionRequest } from '@/lib/contracts/graph-versions';
import { GraphVersionsResponse } from '@/lib/contracts/graphs';

const versions = (id: string) => `/api/graphs/${encodeURIComponent(id)}/versions`;

export const fetchVersions = (id: string, signal?: AbortSignal) => request(versions(id), { signal }, GraphVersionsResponse);

export const fetchVersion = (id: string, version: number, signal?: AbortSignal) =>
  request(`${versions(id)}/${version}`, { signal }, GraphVersionRecord);

/** Version `a` → version `b`: the YAML line diff and what changed in nodes and edges (any two versions). */
export const fetchVersionDiff = (id: string, a: number, b: number, signal?: AbortSignal) =>
  request(`${versions(id)}/diff?a=${a}&b=${b}`, { signal }, VersionDiffResponse);

export const restoreVersion = (id: string, version: number, body: RestoreVersionRequest) =>
  request(`${versions(id)}/${version}/restore`, jsonBody('POST', body), RestoreVersionResponse);

/** Roles in a stored document (START and END are not nodes); tolerant of old or broken documents. */
export function nodeCount(doc: unknown): number {
  const nodes = (doc as { nodes?: unknown } | null)?.nodes;
  return nodes && typeof nodes === 'object' && !Array.isArray(nodes) ? Object.keys(nodes).length : 0;
}
