'use client';
/** react-query hooks of a graph's version history. A stored version never changes, so it is cached for good. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RestoreVersionResponse } from '@/lib/contracts/graph-versions';
import { fetchVersion, fetchVersionDiff, fetchVersions, restoreVersion } from './api';

const versionKeys = {
  list: (id: string) => ['graph-versions', id] as const,
  one: (id: string, version: number) => ['graph-versions', id, version] as const,
  diff: (id: string, a: number, b: number) => ['graph-versions', id, 'diff', a, b] as const,
};

export function useVersionList(graphId: string, enabled: boolean) {
  return useQuery({ queryKey: versionKeys.list(graphId), queryFn: ({ signal }) => fetchVersions(graphId, signal), enabled, staleTime: 0 });
}

export function useVersion(graphId: string, version: number | null) {
  return useQuery({
    queryKey: versionKeys.one(graphId, version ?? 0),
    queryFn: ({ signal }) => fetchVersion(graphId, version ?? 0, signal),
    enabled: version !== null,
    staleTime: Infinity,
  });
}

/**
 * The diff of two stored versions (null: nothing to compare yet). An old version never changes; the
 * current one can (a layout-only save updates it in place), so a pair with it is fetched fresh.
 */
export function useVersionDiff(graphId: string, pair: { from: number; to: number } | null, current: number | null) {
  return useQuery({
    queryKey: versionKeys.diff(graphId, pair?.from ?? 0, pair?.to ?? 0),
    queryFn: ({ signal }) => fetchVersionDiff(graphId, pair?.from ?? 0, pair?.to ?? 0, signal),
    enabled: pair !== null,
    staleTime: pair && (pair.from === current || pair.to === current) ? 0 : Infinity,
  });
}

/** Restores `version` over `base` (the current version the user compared against). */
export function useRestoreVersion(graphId: string, onRestored: (record: RestoreVersionResponse) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { version: number; base: number }) => restoreVersion(graphId, v.version, { base_version: v.base }),
    onSuccess: async (record) => {
      qc.setQueryData(['graph', graphId], record);
      await Promise.all([qc.invalidateQueries({ queryKey: versionKeys.list(graphId), exact: true }), qc.invalidateQueries({ queryKey: ['graphs'] })]);
      onRestored(record);
    },
  });
}
