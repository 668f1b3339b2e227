'use client';
/** react-query hooks of a graph's version history. A stored version never changes, so it is cached for good. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RestoreVersionResponse } from '@/lib/contracts/graph-versions';
import { fetchVersion, fetchVersions, restoreVersion } from './api';

const versionKeys = {
  list: (id: string) => ['graph-versions', id] as const,
  one: (id: string, version: number) => ['graph-versions', id, version] as const,
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
