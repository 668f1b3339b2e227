/** The in-process event bus: per-run subscriber sets shared through globalThis (see globals.ts). */
import type { TraceEvent } from '@/lib/contracts/trace';
import { runtimeState, type EventListener } from './globals';

/** Subscribes to a run's events as they are recorded; returns the unsubscribe function. */
export function subscribe(runId: string, listener: EventListener): () => void {
  const { listeners } = runtimeState();
  let set = listeners.get(runId);
  if (!set) {
    set = new Set();
    listeners.set(runId, set);
  }
  set.add(listener);
  return () => {
    const current = runtimeState().listeners.get(runId);
    if (!current) return;
    current.delete(listener);
    if (current.size === 0) runtimeState().listeners.delete(runId);
  };
}

/** Delivers an event to the run's subscribers; a throwing subscriber does not stop the others. */
export function publish(event: TraceEvent): void {
  const set = runtimeState().listeners.get(event.run_id);
  if (!set) return;
  for (const listener of [...set]) {
    try {
      listener(event);
    } catch (err) {
      console.error(`event bus: a subscriber of run ${event.run_id} threw`, err);
    }
  }
}

export function subscriberCount(runId: string): number {
  return runtimeState().listeners.get(runId)?.size ?? 0;
}
