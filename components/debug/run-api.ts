/**
 * The run API as seen from the debug panel: fetchers and react-query hooks over the one browser
 * client (lib/contracts/client.ts). Every response is typed by its contract in lib/contracts/runs.ts.
 * Connections come from the Settings hook (components/settings/use-connections.ts).
 */
'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResumeValue } from '@/lib/contracts/trace';
import type { GraphDocument } from '@/lib/graph/schema';
import type { RunControlResponse, RunDetailResponse, RunHistoryResponse, StartRunResponse, StartRunBody } from '@/lib/contracts/runs';
import { jsonBody, request } from '@/lib/contracts/client';
import { fetchGraph } from '@/components/graphs/api';

const runUrl = (runId: string) => `/api/runs/${encodeURIComponent(runId)}`;
const graphRunsUrl = (graphId: string) => `/api/graphs/${encodeURIComponent(graphId)}/runs`;

/** A run and its whole trace, events in seq order. */
export async function fetchRun(runId: string, signal?: AbortSignal): Promise<RunDetailResponse> {
  const body = await request<RunDetailResponse>(runUrl(runId), { signal });
  return { run: body.run, events: [...body.events].sort((a, b) => a.seq - b.seq) };
}

export async function fetchRunHistory(graphId: string, signal?: AbortSignal): Promise<RunHistoryResponse['runs']> {
  return (await request<RunHistoryResponse>(graphRunsUrl(graphId), { signal })).runs;
}

/** The node ids of a saved graph (for the breakpoint picker), the connections its models use and its state channels (the pause card's state check). */
export async function fetchGraphNodes(
  graphId: string,
  signal?: AbortSignal,
): Promise<{ name: string; nodes: Array<{ id: string; role: string }>; connections: string[]; state: NonNullable<GraphDocument['state']> }> {
  const { name, document: doc } = await fetchGraph(graphId, signal);
  const nodes = Object.entries(doc.nodes).map(([id, spec]) => ({ id, role: spec.role }));
  const connections = [...new Set(Object.values(doc.models ?? {}).map((m) => m.connection))];
  return { name, nodes, connections, state: doc.state ?? {} };
}

export const runKeys = {
  history: (graphId: string) => ['runs', 'history', graphId] as const,
  run: (runId: string) => ['runs', 'one', runId] as const,
  graph: (graphId: string) => ['graphs', graphId, 'debug-nodes'] as const,
};

export function useRunHistory(graphId: string | undefined) {
  return useQuery({ queryKey: runKeys.history(graphId ?? ''), queryFn: ({ signal }) => fetchRunHistory(graphId!, signal), enabled: !!graphId });
}

export function useGraphNodes(graphId: string | undefined) {
  return useQuery({ queryKey: runKeys.graph(graphId ?? ''), queryFn: ({ signal }) => fetchGraphNodes(graphId!, signal), enabled: !!graphId, retry: false });
}

export function useStartRun(graphId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: StartRunBody) => (await request<StartRunResponse>(graphRunsUrl(graphId ?? ''), jsonBody('POST', body))).run_id,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['runs', 'history'] }),
  });
}

export function useCancelRun() {
  return useMutation({ mutationFn: (runId: string) => request<RunControlResponse>(`${runUrl(runId)}/cancel`, jsonBody('POST', {})) });
}

export function useResumeRun() {
  return useMutation({
    mutationFn: ({ runId, value }: { runId: string; value: ResumeValue }) => request<RunControlResponse>(`${runUrl(runId)}/resume`, jsonBody('POST', { value })),
  });
}
