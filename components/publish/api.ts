/** Browser client of publishing, sharing and key creation, typed by lib/contracts. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jsonBody, request } from '@/lib/contracts/client';
import type { CreatedKeyResponse } from '@/lib/contracts/auth';
import type { PublicationResponse, ShareSettingsRequest, ShareSettingsResponse } from '@/lib/contracts/publishing';

const graph = (id: string) => `/api/graphs/${encodeURIComponent(id)}`;

export const publicationKey = (graphId: string) => ['publication', graphId] as const;
export const shareKey = (graphId: string) => ['share', graphId] as const;

export function usePublication(graphId: string, enabled = true) {
  return useQuery({ queryKey: publicationKey(graphId), queryFn: ({ signal }) => request<PublicationResponse>(`${graph(graphId)}/publish`, { signal }), enabled });
}

/** Publishes a version (an older one: a rollback) or, with `version: null`, unpublishes. */
export function usePublish(graphId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ version, note }: { version: number | null; note?: string }) =>
      version === null
        ? request<PublicationResponse>(`${graph(graphId)}/publish`, { method: 'DELETE' })
        : request<PublicationResponse>(`${graph(graphId)}/publish`, jsonBody('POST', { version, ...(note ? { note } : {}) })),
    onSuccess: (res) => qc.setQueryData(publicationKey(graphId), res),
  });
}

export function useShare(graphId: string, enabled = true) {
  return useQuery({ queryKey: shareKey(graphId), queryFn: ({ signal }) => request<ShareSettingsResponse>(`${graph(graphId)}/share`, { signal }), enabled });
}

export function useSaveShare(graphId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareSettingsRequest) => request<ShareSettingsResponse>(`${graph(graphId)}/share`, jsonBody('PUT', body)),
    onSuccess: (res) => qc.setQueryData(shareKey(graphId), res),
  });
}

export function useCreateKey() {
  return useMutation({ mutationFn: (name: string) => request<CreatedKeyResponse>('/api/keys', jsonBody('POST', { name })) });
}
