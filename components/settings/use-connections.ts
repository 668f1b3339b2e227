'use client';
/** react-query hooks for the Settings page; every write refreshes the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateConnectionBody, UpdateConnectionBody } from '@/lib/contracts/connections';
import { createConnection, deleteConnection, fetchConnections, testConnection, updateConnection } from './api';

const connectionKeys = {
  list: () => ['connections', 'list'] as const,
};

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
