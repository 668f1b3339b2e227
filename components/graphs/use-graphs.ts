'use client';
/** react-query hooks for the graph list page, typed by lib/contracts/graphs.ts. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGraphRequest } from '@/lib/contracts/graphs';
import { createGraph, deleteGraph, fetchGraphs, fetchTemplates, importGraphYaml, moveGraph } from './api';

/** Query keys; everything under ['graphs'] is refreshed after a write (the editor's autosave does the same). */
const graphKeys = {
  all: ['graphs'] as const,
  list: () => ['graphs', 'list'] as const,
  templates: () => ['graphs', 'templates'] as const,
};

export function useGraphs() {
  return useQuery({ queryKey: graphKeys.list(), queryFn: ({ signal }) => fetchGraphs(signal) });
}

export function useTemplates(enabled = true) {
  return useQuery({ queryKey: graphKeys.templates(), queryFn: ({ signal }) => fetchTemplates(signal), staleTime: 60_000, enabled });
}

function useInvalidateGraphs() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: graphKeys.list() });
}

export function useCreateGraph() {
  const invalidate = useInvalidateGraphs();
  return useMutation({ mutationFn: (body: CreateGraphRequest) => createGraph(body), onSuccess: invalidate });
}

export function useImportGraph() {
  const invalidate = useInvalidateGraphs();
  return useMutation({
    mutationFn: (v: { yaml: string; overwrite?: boolean; asCopy?: boolean }) => importGraphYaml(v.yaml, { overwrite: v.overwrite, asCopy: v.asCopy }),
    onSuccess: invalidate,
  });
}

export function useDeleteGraph() {
  const invalidate = useInvalidateGraphs();
  return useMutation({ mutationFn: (id: string) => deleteGraph(id), onSuccess: invalidate });
}

export function useMoveGraph() {
  const invalidate = useInvalidateGraphs();
  return useMutation({ mutationFn: (v: { id: string; workspace: string }) => moveGraph(v.id, v.workspace), onSuccess: invalidate });
}
