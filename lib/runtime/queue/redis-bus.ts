/**
 * The event bus over Redis pub/sub (queue mode): a run's events are published on the channel
 * `switchyard:events:<run id>` by the worker recording them, and every process holding a
 * subscriber of that run (an SSE connection, a waiting chat completion) receives them. One
 * subscriber connection per process, one Redis SUBSCRIBE per channel however many local listeners.
 *
 * A subscription's `ready` settles once Redis confirmed it: events published from then on reach the
 * listener, so a reader that waits for it and then reads the backlog from the database misses none.
 */
import type { TraceEvent } from '@/lib/contracts/trace';
import { queueConnections } from './connections';
import { eventChannel } from './names';

export type Unsubscribe = (() => void) & { ready: Promise<void> };

interface Channel {
  listeners: Set<(message: string) => void>;
  ready: Promise<void>;
}

const KEY = Symbol.for('switchyard.queue.channels');
type G = typeof globalThis & { [KEY]?: { url: string; channels: Map<string, Channel> } };

function channels(url: string): Map<string, Channel> {
  const g = globalThis as G;
  const { subscriber } = queueConnections(url);
  let state = g[KEY];
  // A new subscriber connection (after closeQueueConnections) starts with no subscriptions.
  if (!state || state.url !== url || !subscriber.listenerCount('message')) {
    const map = new Map<string, Channel>();
    state = { url, channels: map };
    g[KEY] = state;
    subscriber.on('message', (channel: string, message: string) => {
      const ch = map.get(channel);
      if (!ch) return;
      for (const listener of [...ch.listeners]) {
        try {
          listener(message);
        } catch (err) {
          console.error(`event bus: a subscriber of ${channel} threw`, err);
        }
      }
    });
  }
  return state.channels;
}

/** Listens to a Redis channel with this process's subscriber connection. */
export function subscribeChannel(url: string, channel: string, listener: (message: string) => void): Unsubscribe {
  const map = channels(url);
  const { subscriber } = queueConnections(url);
  let ch = map.get(channel);
  if (!ch) {
    const ready = subscriber.subscribe(channel).then(() => undefined);
    ready.catch((err: unknown) => console.error(`[switchyard] redis: subscribing to ${channel} failed`, err));
    ch = { listeners: new Set(), ready };
    map.set(channel, ch);
  }
  const current = ch;
  current.listeners.add(listener);
  const unsubscribe = () => {
    if (!current.listeners.delete(listener) || current.listeners.size) return;
    if (map.get(channel) === current) map.delete(channel);
    void subscriber.unsubscribe(channel).catch(() => undefined);
  };
  return Object.assign(unsubscribe, { ready: current.ready });
}

export function redisSubscribe(url: string, runId: string, listener: (event: TraceEvent) => void): Unsubscribe {
  return subscribeChannel(url, eventChannel(runId), (message) => listener(JSON.parse(message) as TraceEvent));
}

/** Publishes an event (fire and forget: one connection keeps the order; a failure is logged). */
export function redisPublish(url: string, event: TraceEvent): void {
  queueConnections(url)
    .publisher.publish(eventChannel(event.run_id), JSON.stringify(event))
    .catch((err: unknown) => console.error(`[switchyard] redis: publishing an event of run ${event.run_id} failed`, err));
}

export function redisSubscriberCount(url: string, runId: string): number {
  return (globalThis as G)[KEY]?.url === url ? (channels(url).get(eventChannel(runId))?.listeners.size ?? 0) : 0;
}
