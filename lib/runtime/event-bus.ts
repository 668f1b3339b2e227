/**
 * The event bus: per-run subscribers of the events a recorder writes. In-process by default
 * (subscriber sets shared through globalThis, see globals.ts); in queue mode (SWITCHYARD_QUEUE) over
 * Redis pub/sub (queue/redis-bus.ts), so a web process streams the events of a run a worker executes.
 *
 * `subscribe` returns the unsubscribe function with `ready`: a promise that settles once events
 * published from then on reach the listener (at once in-process; once Redis confirmed the
 * subscription in queue mode). A reader waits for it before reading the backlog from the database.
 *
 * On a run thread (threads/run-thread.ts) an event sink replaces the bus: the events its runs
 * record are posted to the server's thread, which publishes them on its own bus.
 */
import type { TraceEvent } from '@/lib/contracts/trace';
import { queueUrl } from './config';
import { runtimeState, type EventListener } from './globals';
import type { Unsubscribe } from './queue/redis-bus';

export type { Unsubscribe };

const READY = Promise.resolve();

type RedisBus = typeof import('./queue/redis-bus');
const BUS = Symbol.for('switchyard.queue.bus');
type G = typeof globalThis & { [BUS]?: Promise<RedisBus> };
/** The Redis bus, loaded on first use only (ioredis stays out of a process that is not in queue mode). */
function redisBus(): Promise<RedisBus> {
  const g = globalThis as G;
  return (g[BUS] ??= import('./queue/redis-bus'));
}
/** The loaded Redis bus module, once it is (subscriberCount). */
let loadedBus: RedisBus | null = null;

function redisSubscribe(url: string, runId: string, listener: EventListener): Unsubscribe {
  let cancelled = false;
  let inner: (() => void) | null = null;
  const ready = redisBus().then((bus) => {
    loadedBus = bus;
    if (cancelled) return;
    const sub = bus.redisSubscribe(url, runId, listener);
    inner = sub;
    return sub.ready;
  });
  const unsubscribe = () => {
    cancelled = true;
    inner?.();
  };
  return Object.assign(unsubscribe, { ready });
}

/** On a run thread: where `publish` sends events (the thread's port to the server's thread). */
let sink: ((event: TraceEvent) => void) | null = null;

/** Sends every event published in this thread to `next` instead of this thread's subscribers (run threads). */
export function setEventSink(next: ((event: TraceEvent) => void) | null): void {
  sink = next;
}

/** Subscribes to a run's events as they are recorded; returns the unsubscribe function (with `ready`). */
export function subscribe(runId: string, listener: EventListener): Unsubscribe {
  const url = queueUrl();
  if (url) return redisSubscribe(url, runId, listener);
  const { listeners } = runtimeState();
  let set = listeners.get(runId);
  if (!set) {
    set = new Set();
    listeners.set(runId, set);
  }
  set.add(listener);
  const unsubscribe = () => {
    const current = runtimeState().listeners.get(runId);
    if (!current) return;
    current.delete(listener);
    if (current.size === 0) runtimeState().listeners.delete(runId);
  };
  return Object.assign(unsubscribe, { ready: READY });
}

/** Delivers an event to the run's subscribers; a throwing subscriber does not stop the others. */
export function publish(event: TraceEvent): void {
  if (sink) return sink(event);
  const url = queueUrl();
  // One cached promise: its callbacks run in the order of the publish calls, so order is kept.
  if (url) return void redisBus().then((bus) => bus.redisPublish(url, event));
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
  const url = queueUrl();
  if (url) return loadedBus?.redisSubscriberCount(url, runId) ?? 0;
  return runtimeState().listeners.get(runId)?.size ?? 0;
}
