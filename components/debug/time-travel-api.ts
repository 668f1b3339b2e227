/**
 * Time travel over HTTP for the debug panel and the compare page: a run's checkpoints, fork,
 * replay and the diff of two runs (lib/contracts/time-travel.ts).
 */
'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jsonBody, request } from '@/lib/contracts/client';
import type { CheckpointsResponse, DerivedRunResponse, RunDiffResponse, ForkRunBody, ReplayRunBody } from '@/lib/contracts/time-travel';

const runUrl = (runId: string) => `/api/runs/${encodeURIComponent(runId)}`;

export const timeTravelKeys = {
  checkpoints: (runId: string) => ['runs', 'checkpoints', runId] as const,
  diff: (a: string, b: string) => ['runs', 'diff', a, b] as const,
};

/** The run's checkpoints; refetched while `live` (a running run adds one per step). */
export function useCheckpoints(runId: string | null, live: boolean) {
  return useQuery({
    queryKey: timeTravelKeys.checkpoints(runId ?? ''),
    queryFn: ({ signal }) => request<CheckpointsResponse>(`${runUrl(runId!)}/checkpoints`, { signal }),
    enabled: !!runId,
    refetchInterval: live ? 1500 : false,
  });
}

export function useForkRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, body }: { runId: string; body: ForkRunBody }) => request<DerivedRunResponse>(`${runUrl(runId)}/fork`, jsonBody('POST', body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['runs', 'history'] }),
  });
}

export function useReplayRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, body }: { runId: string; body: ReplayRunBody }) => request<DerivedRunResponse>(`${runUrl(runId)}/replay`, jsonBody('POST', body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['runs', 'history'] }),
  });
}

export function useRunDiff(a: string, b: string) {
  return useQuery({
    queryKey: timeTravelKeys.diff(a, b),
    queryFn: ({ signal }) => request<RunDiffResponse>(`/api/runs/diff?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`, { signal }),
    enabled: !!a && !!b,
    retry: false,
  });
}
