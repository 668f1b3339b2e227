/**
 * The conversations API as seen from the Chat tab (lib/contracts/conversations.ts): react-query
 * hooks over the one browser client, and the turn's trace (fetched once for an ended turn, followed
 * over SSE while it runs).
 */
'use client';

import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jsonBody, request, send } from '@/lib/contracts/client';
import type { ConversationDetailResponse, ConversationListResponse, ConversationView, StartTurnBody, StartTurnResponse } from '@/lib/contracts/conversations';
import { isRunEndType, TRACE_EVENT_TYPES, type TraceEvent } from '@/lib/contracts/trace';
import { fetchRun } from '@/components/debug/run-api';
import { parseSseMessage } from '@/components/debug/sse-event';
import { runEventsUrl } from '@/components/debug/use-run-stream';

const enc = encodeURIComponent;
export const chatKeys = {
  list: (graphId: string) => ['conversations', 'list', graphId] as const,
  one: (id: string) => ['conversations', 'one', id] as const,
};

export function useConversations(graphId: string) {
  return useQuery({ queryKey: chatKeys.list(graphId), queryFn: ({ signal }) => request<ConversationListResponse>(`/api/graphs/${enc(graphId)}/conversations`, { signal }).then((r) => r.conversations) });
}

export function useConversation(id: string | null) {
  return useQuery({ queryKey: chatKeys.one(id ?? ''), queryFn: ({ signal }) => request<ConversationDetailResponse>(`/api/conversations/${enc(id!)}`, { signal }), enabled: !!id });
}

export function useConversationMutations(graphId: string) {
  const qc = useQueryClient();
  const refresh = (id?: string) => {
    void qc.invalidateQueries({ queryKey: chatKeys.list(graphId) });
    if (id) void qc.invalidateQueries({ queryKey: chatKeys.one(id) });
  };
  return {
    create: useMutation({
      mutationFn: async () => (await request<{ conversation: ConversationView }>(`/api/graphs/${enc(graphId)}/conversations`, jsonBody('POST', {}))).conversation,
      onSuccess: () => refresh(),
    }),
    rename: useMutation({
      mutationFn: ({ id, title }: { id: string; title: string | null }) => request<{ conversation: ConversationView }>(`/api/conversations/${enc(id)}`, jsonBody('PATCH', { title })),
      onSuccess: (_r, v) => refresh(v.id),
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await send(`/api/conversations/${enc(id)}`, { method: 'DELETE' });
      },
      onSuccess: () => refresh(),
    }),
    turn: useMutation({
      mutationFn: ({ id, body }: { id: string; body: StartTurnBody }) => request<StartTurnResponse>(`/api/conversations/${enc(id)}/turns`, jsonBody('POST', body)),
      onSuccess: (_r, v) => refresh(v.id),
    }),
  };
}

/**
 * The trace of one turn: an ended turn's events fetched once; a running or paused one followed over
 * SSE (the server replays what came before), until it ends. `onEnd` is called when a followed turn ends.
 */
export function useTurnEvents(runId: string, ended: boolean, onEnd?: () => void): TraceEvent[] {
  const [events, setEvents] = useState<TraceEvent[]>([]);
  const fetched = useQuery({ queryKey: ['conversations', 'turn-events', runId], queryFn: ({ signal }) => fetchRun(runId, signal), enabled: ended, staleTime: Infinity });
  useEffect(() => {
    if (ended) return;
    const seen = new Set<number>();
    let batch: TraceEvent[] = [];
    let raf = 0;
    const flush = () => {
      raf = 0;
      const add = batch;
      batch = [];
      setEvents((prev) => [...prev, ...add]);
    };
    const es = new EventSource(runEventsUrl(runId));
    const onMessage = (msg: MessageEvent<string>) => {
      const parsed = parseSseMessage(msg.data);
      if (!parsed.ok || parsed.event.run_id !== runId || seen.has(parsed.event.seq)) return;
      seen.add(parsed.event.seq);
      batch.push(parsed.event);
      if (!raf) raf = requestAnimationFrame(flush);
      if (isRunEndType(parsed.event.type)) {
        es.close();
        onEnd?.();
      }
    };
    for (const t of TRACE_EVENT_TYPES) es.addEventListener(t, onMessage as EventListener);
    es.onmessage = onMessage;
    return () => {
      es.close();
      if (raf) cancelAnimationFrame(raf);
    };
    // onEnd is read when the turn ends; a new callback does not restart the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runId, ended]);
  return ended ? (fetched.data?.events ?? events) : events;
}
