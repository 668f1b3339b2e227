/**
 * The graphs HTTP API as the editor uses it (DESIGN.md): GET/PUT /api/graphs/:id, POST /api/graphs/import.
 * Errors come back as ApiError with the server's message and, for 422, its problems.
 */
import type { Problem } from '@/lib/graph/problems';
import type { GraphDocument } from '@/lib/graph/schema';

export interface GraphRecord {
  id: string;
  name: string;
  description?: string | null;
  document: GraphDocument;
  updated_at?: string | number;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly problems: Partial<Problem>[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function failure(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const b = (body ?? {}) as { error?: { message?: string }; errors?: Partial<Problem>[]; message?: string };
  const problems = Array.isArray(b.errors) ? b.errors : [];
  const message =
    b.error?.message ??
    (problems.length ? problems.map((p) => p.message ?? '').filter(Boolean).slice(0, 3).join('; ') : undefined) ??
    b.message ??
    `${res.status} ${res.statusText}`;
  return new ApiError(message, res.status, problems);
}

export async function fetchGraph(id: string, signal?: AbortSignal): Promise<GraphRecord> {
  const res = await fetch(`/api/graphs/${encodeURIComponent(id)}`, { signal, cache: 'no-store' });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as GraphRecord;
}

export async function saveGraph(id: string, document: GraphDocument): Promise<GraphRecord> {
  const res = await fetch(`/api/graphs/${encodeURIComponent(id)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ document }),
  });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as GraphRecord;
}

/** Imports YAML as a new graph; resolves to its id. */
export async function importGraphYaml(yaml: string): Promise<{ id: string }> {
  const res = await fetch('/api/graphs/import', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
  });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as { id: string };
}
