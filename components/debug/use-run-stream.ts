/**
 * Follow a run's SSE stream (`GET /api/runs/:id/events`) into the run store.
 * - EventSource reconnects by itself and sends Last-Event-ID, so the server replays what was
 *   missed; the store ignores seqs it already has, so an overlapping replay repeats nothing.
 * - Messages are buffered and flushed once per animation frame (see event-batcher.ts).
 * - The stream is closed after run.finished / run.failed / run.cancelled.
 */
'use client';

import { useEffect, useState } from 'react';
import { isRunEndType, TRACE_EVENT_TYPES, type TraceEvent } from '@/lib/contracts/trace';
import { createBatcher, frameScheduler } from './event-batcher';
import { parseSseMessage } from './sse-event';
import { applyToStore } from './run-reducer';
import { useRunStoreApi } from './run-store';

export type StreamState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed' | 'error';

/** A replay burst is applied at most this many events per frame (see event-batcher.ts). */
const MAX_EVENTS_PER_FRAME = 120;

/** `after`: the last seq already held (from a replay), so the server sends only what follows. */
export function runEventsUrl(runId: string, after = 0): string {
  return `/api/runs/${encodeURIComponent(runId)}/events${after > 0 ? `?after=${after}` : ''}`;
}

export function useRunStream(runId: string | null, enabled: boolean): { state: StreamState; error: string | null } {
  const store = useRunStoreApi();
  const [state, setState] = useState<StreamState>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!runId || !enabled) {
      setState('idle');
      return;
    }
    setState('connecting');
    setError(null);
    const batcher = createBatcher<TraceEvent>((batch) => {
      // A late batch for a run we switched away from is dropped.
      if (store.getState().runId === runId) applyToStore(store, batch);
    }, frameScheduler, MAX_EVENTS_PER_FRAME);
    const held = store.getState();
    const es = new EventSource(runEventsUrl(runId, held.runId === runId ? held.lastSeq : 0));
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      es.close(); // what is buffered still arrives, frame by frame
      setState('closed');
    };
    const onMessage = (msg: MessageEvent<string>) => {
      const parsed = parseSseMessage(msg.data);
      if (!parsed.ok) {
        setError(parsed.error);
        return;
      }
      if (parsed.event.run_id !== runId) return;
      batcher.push(parsed.event);
      if (isRunEndType(parsed.event.type)) close();
    };
    for (const t of TRACE_EVENT_TYPES) es.addEventListener(t, onMessage as EventListener);
    es.onmessage = onMessage; // servers that send unnamed events
    es.onopen = () => setState('open');
    es.onerror = () => {
      if (closed) return;
      if (es.readyState === EventSource.CLOSED) {
        // The server refused the stream (e.g. 404): EventSource will not retry.
        closed = true;
        setState('error');
        setError('The event stream was refused by the server.');
      } else {
        setState('reconnecting');
      }
    };
    return () => {
      closed = true;
      if (store.getState().runId === runId) batcher.flush();
      batcher.dispose();
      es.close();
    };
  }, [runId, enabled, store]);

  return { state, error };
}
