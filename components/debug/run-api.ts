/**
 * The run API as seen from the debug panel: fetchers and react-query hooks. Shapes are those of
 * lib/contracts/runs.ts and connections.ts (RunDetailResponse, RunHistoryResponse,
 * ConnectionListResponse), read tolerantly: a field that is missing or of another type is
 * dropped, never trusted, so a server mid-upgrade degrades the panel instead of crashing it.
 */
'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { ResumeValue } from '@/lib/contracts/trace';
import type { StartRunBody, StartRunResponse } from '@/lib/contracts/runs';
import { ApiError, send } from '@/lib/contracts/client';
import { toTraceEvent } from './sse-event';

/** JSON of a successful call, read tolerantly (an empty or non-JSON body gives undefined). */
async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const headers = init?.body ? { 'content-type': 'application/json', ...init.headers } : init?.headers;
  const text = await (await send(url, { ...init, headers })).text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return undefined as T;
  }
}

function rec(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export interface RunSummary {
  id: string;
  graph_id?: string;
  graph_name?: string;
  status: string;
  input: string;
  /** The JSON inputs the run was started with, if any. */
  inputs?: Record<string, unknown>;
  created_at?: string;
  started_at?: string;
  finished_at?: string;
  duration_ms?: number;
  tokens?: number;
  error?: { code?: string; message?: string };
  output?: unknown;
}

function tokensOf(usage: unknown): number | undefined {
  const u = rec(usage);
  const total = u.total_tokens ?? u.total;
  if (typeof total === 'number') return total;
  const a = u.input_tokens ?? u.prompt_tokens ?? u['gen_ai.usage.input_tokens'];
  const b = u.output_tokens ?? u.completion_tokens ?? u['gen_ai.usage.output_tokens'];
  if (typeof a === 'number' || typeof b === 'number') return (Number(a) || 0) + (Number(b) || 0);
  return undefined;
}

export function toRunSummary(v: unknown): RunSummary | null {
  const r = rec(v);
  const id = r.id ?? r.run_id;
  if (typeof id !== 'string') return null;
  const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
  return {
    id,
    graph_id: str(r.graph_id),
    graph_name: str(r.graph_name),
    status: str(r.status) ?? 'unknown',
    input: typeof r.input === 'string' ? r.input : r.input === undefined ? '' : JSON.stringify(r.input),
    inputs: r.inputs !== null && typeof r.inputs === 'object' && !Array.isArray(r.inputs) ? rec(r.inputs) : undefined,
    created_at: str(r.created_at) ?? str(r.started_at),
    started_at: str(r.started_at),
    finished_at: str(r.finished_at),
    duration_ms: typeof r.duration_ms === 'number' ? r.duration_ms : undefined,
    tokens: tokensOf(r.usage),
    error: r.error ? (rec(r.error) as RunSummary['error']) : undefined,
    output: r.output,
  };
}

export async function fetchRun(runId: string): Promise<{ run: RunSummary; events: TraceEvent[] }> {
  const body = rec(await call<unknown>(`/api/runs/${encodeURIComponent(runId)}`));
  const run = toRunSummary(body.run ?? body);
  if (!run) throw new ApiError(`GET /api/runs/${runId} did not return a run`, 200, 'bad_response');
  const raw = Array.isArray(body.events) ? body.events : [];
  const events: TraceEvent[] = [];
  for (const e of raw) {
    const p = toTraceEvent(e);
    if (p.ok) events.push(p.event);
  }
  events.sort((a, b) => a.seq - b.seq);
  return { run, events };
}

export async function fetchRunHistory(graphId: string): Promise<RunSummary[]> {
  const body = await call<unknown>(`/api/graphs/${encodeURIComponent(graphId)}/runs`);
  const list = Array.isArray(body) ? body : (rec(body).runs as unknown[] | undefined) ?? (rec(body).items as unknown[] | undefined) ?? [];
  return list.map(toRunSummary).filter((r): r is RunSummary => r !== null);
}

export interface ConnectionInfo {
  name: string;
  base_url?: string;
  /** Whatever else GET /api/connections says about it (source, kind, key hint...). */
  extra: Record<string, unknown>;
}

export async function fetchConnections(): Promise<ConnectionInfo[]> {
  const body = await call<unknown>('/api/connections');
  const list = Array.isArray(body) ? body : (rec(body).connections as unknown[] | undefined) ?? [];
  return list.flatMap((c) => {
    const r = rec(c);
    if (typeof r.name !== 'string') return [];
    const { name, base_url, ...extra } = r;
    return [{ name, base_url: typeof base_url === 'string' ? base_url : undefined, extra }];
  });
}

/** The node ids of a saved graph (for the breakpoint picker), read from GET /api/graphs/:id. */
export async function fetchGraphNodes(graphId: string): Promise<{ name?: string; nodes: Array<{ id: string; role?: string }>; connections: string[] }> {
  const body = rec(await call<unknown>(`/api/graphs/${encodeURIComponent(graphId)}`));
  const doc = rec(body.document ?? body.doc ?? body.graph ?? body);
  const nodes = Object.entries(rec(doc.nodes)).map(([id, spec]) => ({ id, role: typeof rec(spec).role === 'string' ? (rec(spec).role as string) : undefined }));
  const connections = [...new Set(Object.values(rec(doc.models)).map((m) => rec(m).connection).filter((c): c is string => typeof c === 'string'))];
  return { name: typeof body.name === 'string' ? body.name : typeof doc.name === 'string' ? doc.name : undefined, nodes, connections };
}

export const runKeys = {
  history: (graphId: string) => ['runs', 'history', graphId] as const,
  run: (runId: string) => ['runs', 'one', runId] as const,
  connections: ['connections'] as const,
  graph: (graphId: string) => ['graphs', graphId, 'debug-nodes'] as const,
};

export function useRunHistory(graphId: string | undefined) {
  return useQuery({ queryKey: runKeys.history(graphId ?? ''), queryFn: () => fetchRunHistory(graphId!), enabled: !!graphId });
}

export function useConnections() {
  return useQuery({ queryKey: runKeys.connections, queryFn: fetchConnections, staleTime: 30_000, retry: false });
}

export function useGraphNodes(graphId: string | undefined) {
  return useQuery({ queryKey: runKeys.graph(graphId ?? ''), queryFn: () => fetchGraphNodes(graphId!), enabled: !!graphId, retry: false });
}

export function useStartRun(graphId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StartRunBody) =>
      call<Partial<StartRunResponse> & { id?: string }>(`/api/graphs/${encodeURIComponent(graphId ?? '')}/runs`, { method: 'POST', body: JSON.stringify(body) }).then((r) => {
        const id = r?.run_id ?? r?.id;
        if (!id) throw new ApiError('The run API did not return a run_id', 201, 'bad_response');
        return id;
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['runs', 'history'] }),
  });
}

export function useCancelRun() {
  return useMutation({ mutationFn: (runId: string) => call<unknown>(`/api/runs/${encodeURIComponent(runId)}/cancel`, { method: 'POST', body: '{}' }) });
}

export function useResumeRun() {
  return useMutation({
    mutationFn: ({ runId, value }: { runId: string; value: ResumeValue }) =>
      call<unknown>(`/api/runs/${encodeURIComponent(runId)}/resume`, { method: 'POST', body: JSON.stringify({ value }) }),
  });
}
