'use client';
/** react-query hooks for the Settings page; every write refreshes the list. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateConnectionBody, UpdateConnectionBody } from '@/lib/contracts/connections';
import { createConnection, deleteConnection, fetchConnectionModels, fetchConnections, testConnection, updateConnection } from './api';

const connectionKeys = {
  list: () => ['connections', 'list'] as const,
  models: (name: string) => ['connections', 'models', name] as const,
};

/** A connection's model list (the editor's model picker): kept a few minutes, like the server's cache. */
export function connectionModelsQuery(name: string) {
  return {
    queryKey: connectionKeys.models(name),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchConnectionModels(name, false, signal),
    staleTime: 5 * 60_000,
    retry: false,
  };
}

export function useConnectionModels(name: string, enabled = true) {
  return useQuery({ ...connectionModelsQuery(name), enabled: enabled && name !== '' });
}

/** Asks the model server again (past both caches) and puts the answer where every picker reads it. */
export function refreshConnectionModels(qc: QueryClient, name: string) {
  return qc.fetchQuery({ queryKey: connectionKeys.models(name), queryFn: ({ signal }) => fetchConnectionModels(name, true, signal), staleTime: 0 });
}

export function useConnections() {
  return useQuery({ queryKey: connectionKeys.list(), queryFn: ({ signal }) => fetchConnections(signal) });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: connectionKeys.list() });
}

export type SaveConnection = { mode: 'create'; body: CreateConnectionBody } | { mode: 'update'; name: string; body: UpdateConnectionBody };

export function useSaveConnection() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: SaveConnection) => (v.mode === 'create' ? createConnection(v.body) : updateConnection(v.name, v.body)),
    onSuccess: invalidate,
  });
}

export function useDeleteConnection() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (name: string) => deleteConnection(name), onSuccess: invalidate });
}

/** One per row: the last result stays on screen until the next test. */
export function useTestConnection() {
  return useMutation({ mutationFn: (name: string) => testConnection(name) });
}
