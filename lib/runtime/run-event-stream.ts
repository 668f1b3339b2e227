/**
 * The SSE stream of a run's trace (GET /api/runs/:id/events):
 * replay from `after` (Last-Event-ID or ?after=), then live events, with no gap and no duplicate:
 * subscribe to the bus first (and wait until it is live: Redis in queue mode), read the backlog from the DB, then drain the events buffered
 * meanwhile, skipping any seq already sent. Heartbeat comments keep proxies from timing out. The
 * stream ends after a terminal event (run.finished / failed / cancelled: always sent when the run
 * has one after `after`, even when its status is read before the event arrives through the bus), or
 * when the client leaves (which does not cancel the run). When the database is unavailable (the
 * backlog cannot be read, or the run stopped waiting for it: store-outage.ts) the stream ends with
 * an `error` event `{ error: { code: 'store_unavailable', message } }` rather than staying open with
 * nothing to send; the run resumes once the database is back, and a reconnect with Last-Event-ID
 * follows it from there. While a run's writes wait for the database, the stream stays open and
 * goes on with the run.
 */
import 'server-only';
import { isRunEndType, isTerminalStatus, type TraceEvent } from '@/lib/contracts/trace';
import { getStore } from '@/db/store';
import { isStoreUnavailable } from '@/db/store/outage';
import { subscribe } from './event-bus';
import { onStoreOutage, strandedNotice, type OutageNotice } from './store-outage';

export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

function formatSseEvent(e: TraceEvent): string {
  return `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
}

/** The stream's last frame when the database is away (no `id`: it is not a trace event). */
function formatOutage(n: OutageNotice): string {
  return `event: error\ndata: ${JSON.stringify({ error: n })}\n\n`;
}

export interface RunEventStreamOptions {
  runId: string;
  /** Send only events with seq > after. */
  after: number;
  heartbeatMs: number;
  /** The request's signal: the client left. */
  signal?: AbortSignal;
}

export function runEventStream(opts: RunEventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = opts.after;
      let closed = false;
      let replaying = true;
      const buffered: TraceEvent[] = [];
      /** Frames not yet enqueued: the events of one commit (published together) go out as one chunk, one socket write. */
      let out = '';
      let flushScheduled = false;
      const flushOut = () => {
        flushScheduled = false;
        if (!out) return;
        const chunk = out;
        out = '';
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          // closed by a cancel (the client left)
        }
      };

      const close = () => {
        if (closed) return;
        flushOut();
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by a cancel
        }
      };
      const send = (e: TraceEvent) => {
        if (closed || e.seq <= lastSent) return;
        lastSent = e.seq;
        out += formatSseEvent(e);
        if (isRunEndType(e.type)) close();
        else if (!flushScheduled) {
          flushScheduled = true;
          queueMicrotask(flushOut);
        }
      };

      /** Ends the stream with the outage notice (after what was sent: events published before it). */
      const endWithOutage = (n: OutageNotice) => {
        if (closed) return;
        out += formatOutage(n);
        close();
      };

      // 1. subscribe first, so nothing recorded from now on can be missed
      const unsubscribe = subscribe(opts.runId, (e) => (replaying ? buffered.push(e) : send(e)));
      const unsubscribeOutage = onStoreOutage(opts.runId, (n) => queueMicrotask(() => endWithOutage(n)));
      const heartbeat = setInterval(() => {
        if (closed) return;
        flushOut();
        controller.enqueue(encoder.encode(`: heartbeat ${new Date().toISOString()}\n\n`));
      }, opts.heartbeatMs);
      const onAbort = () => close();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      cleanup = () => {
        unsubscribe();
        unsubscribeOutage();
        clearInterval(heartbeat);
        opts.signal?.removeEventListener('abort', onAbort);
      };
      if (opts.signal?.aborted) return close();

      controller.enqueue(encoder.encode(`retry: 2000\n: run ${opts.runId}\n\n`));
      // In queue mode events come through Redis: wait until the subscription is confirmed.
      await unsubscribe.ready;
      if (closed) return;
      const replayAndCheck = async (): Promise<void> => {
        // 2. the backlog from the DB, 3. whatever arrived meanwhile (send() skips seqs already sent)
        const store = getStore();
        for (const e of await store.events.list(opts.runId, opts.after)) send(e);
        for (const e of buffered) send(e);
        buffered.length = 0;
        replaying = false;
        if (closed) return;
        const stranded = strandedNotice(opts.runId);
        if (stranded) return endWithOutage(stranded);
        // A run that ended meanwhile. In queue mode its worker (another process) commits the terminal
        // event and status together, then publishes the event through Redis: the status can be read
        // here before the event reaches this subscriber. The event is in the database with the status,
        // so it is read from there (send() skips any seq already sent) before the stream ends. Ended
        // with no event after `after` (the client had it already, or the run row is gone): nothing more will come.
        const run = await store.runs.get(opts.runId);
        if (closed) return;
        if (!run || isTerminalStatus(run.status)) {
          for (const e of await store.events.list(opts.runId, lastSent)) send(e);
          close();
        }
      };
      try {
        await replayAndCheck();
      } catch (err) {
        if (!isStoreUnavailable(err)) throw err;
        endWithOutage({ code: 'store_unavailable', message: `The run's events cannot be read: the database is unavailable (${err instanceof Error ? err.message : String(err)}). Reconnect to follow the run once it is back.` });
      }
    },
    cancel() {
      cleanup();
    },
  });
}
