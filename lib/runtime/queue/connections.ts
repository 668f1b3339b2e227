/**
 * Queue mode's Redis connections, one set per process (on globalThis, like globals.ts: Next.js may
 * load this module once per route bundle): a publisher/command connection, a subscriber connection
 * (Redis pub/sub needs its own), and the BullMQ queue runs are enqueued on. Created on first use
 * from SWITCHYARD_QUEUE; `closeQueueConnections()` ends them (worker shutdown, tests).
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { PREFIX, RUN_QUEUE } from './names';

interface Connections {
  url: string;
  publisher: Redis;
  subscriber: Redis;
  queue: Queue | null;
}

const KEY = Symbol.for('switchyard.queue.connections');
type G = typeof globalThis & { [KEY]?: Connections };

/** A new ioredis client as BullMQ wants it (no per-request retry cap); errors are logged, not thrown. */
export function redisClient(url: string, name: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null, connectionName: `switchyard-${name}` });
  let logged = false;
  client.on('error', (err: Error) => {
    if (logged) return;
    logged = true; // ioredis reconnects on its own; one line per connection is enough
    console.error(`[switchyard] redis (${name}): ${err.message}`);
  });
  client.on('ready', () => (logged = false));
  return client;
}

export function queueConnections(url: string): Connections {
  const g = globalThis as G;
  let c = g[KEY];
  if (c && c.url !== url) {
    void closeQueueConnections();
    c = undefined;
  }
  if (!c) {
    c = { url, publisher: redisClient(url, 'publisher'), subscriber: redisClient(url, 'subscriber'), queue: null };
    g[KEY] = c;
  }
  return c;
}

export function runQueue(url: string): Queue {
  const c = queueConnections(url);
  c.queue ??= new Queue(RUN_QUEUE, { connection: c.publisher, prefix: PREFIX });
  return c.queue;
}

/** Ends this process's queue connections (the next use opens new ones). */
export async function closeQueueConnections(): Promise<void> {
  const g = globalThis as G;
  const c = g[KEY];
  if (!c) return;
  delete g[KEY];
  await c.queue?.close().catch(() => undefined);
  c.subscriber.disconnect();
  await c.publisher.quit().catch(() => c.publisher.disconnect());
}
