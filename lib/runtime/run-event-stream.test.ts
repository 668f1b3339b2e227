import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateRun } from '@/db/runs';
import { subscriberCount } from './event-bus';
import { appendEvents, listEvents } from '@/db/run-events';

/** Runs once right after the stream's next read of the backlog (another process committing then). */
const afterBacklogRead = vi.hoisted(() => ({ once: null as null | (() => void) }));
vi.mock('@/db/run-events', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/db/run-events')>();
  return {
    ...real,
    listEvents: (...args: Parameters<typeof real.listEvents>) => {
      const out = real.listEvents(...args);
      const hook = afterBacklogRead.once;
      afterBacklogRead.once = null;
      hook?.();
      return out;
    },
  };
});
import { createEventRecorder, recordRunEvent } from './event-recorder';
import { runEventStream } from './run-event-stream';
import { readSse } from './testing/sse-client';
import { seedRun, useTempDb } from './testing/temp-db';

let db: { cleanup(): void };
beforeAll(() => {
  db = useTempDb();
});
afterAll(() => db.cleanup());

const ev = (runId: string, type: 'node.started' | 'run.finished' | 'run.failed' = 'node.started') =>
  recordRunEvent(runId, { type, step: 1, node: 'a', span_id: 's', data: {} });

describe('run event stream', () => {
  it('replays the backlog after `after`, then goes live with no gap and no duplicate, and ends after the terminal event', async () => {
    const run = await seedRun();
    updateRun(run.id, { status: 'running' });
    for (let i = 0; i < 4; i++) await ev(run.id);
    const sse = readSse(runEventStream({ runId: run.id, after: 2, heartbeatMs: 60_000 }));
    const first = await sse.next();
    expect(first).toMatchObject({ id: '3', event: 'node.started' });
    expect(JSON.parse(first!.data)).toMatchObject({ seq: 3, run_id: run.id, type: 'node.started', node: 'a' });
    expect((await sse.next())?.id).toBe('4');
    await ev(run.id);
    await ev(run.id, 'run.finished');
    expect((await sse.next())?.id).toBe('5');
    expect(await sse.next()).toMatchObject({ id: '6', event: 'run.finished' });
    expect(await sse.next()).toBeNull();
    expect(subscriberCount(run.id)).toBe(0);
  });

  it('a client arriving while a tick\'s events are being written gets each of them once, in order, then the live ones', async () => {
    const run = await seedRun();
    updateRun(run.id, { status: 'running' });
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const emit = () => rec.emit({ type: 'node.started', step: 1, node: 'a', span_id: 's', data: {} });
    emit();
    emit();
    emit(); // 1-3: recorded, their tick not committed yet
    expect(listEvents(run.id)).toEqual([]);
    const sse = readSse(runEventStream({ runId: run.id, after: 0, heartbeatMs: 60_000 }));
    emit();
    emit(); // 4-5: with 1-3, written and published while the stream replays
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sse.next())!.id!);
    emit(); // 6: live
    rec.emit({ type: 'run.finished', step: 1, span_id: 'run', data: {} });
    for (let f = await sse.next(); f; f = await sse.next()) ids.push(f.id!);
    expect(ids).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(listEvents(run.id).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('ends at once for a finished run whose whole trace the client already has', async () => {
    const run = await seedRun();
    await ev(run.id);
    await ev(run.id, 'run.failed');
    const sse = readSse(runEventStream({ runId: run.id, after: 2, heartbeatMs: 60_000 }));
    expect(await sse.next()).toBeNull();
  });

  it('sends heartbeat comments while a run is quiet, and unsubscribes when the client leaves', async () => {
    const run = await seedRun();
    updateRun(run.id, { status: 'paused' });
    const leave = new AbortController();
    const sse = readSse(runEventStream({ runId: run.id, after: 0, heartbeatMs: 20, signal: leave.signal }));
    await ev(run.id);
    expect((await sse.next())?.id).toBe('1');
    const pending = sse.next(); // reading pulls the heartbeat comments through
    await vi.waitFor(() => expect(sse.comments.some((c) => c.startsWith('heartbeat'))).toBe(true));
    await ev(run.id);
    expect((await pending)?.id).toBe('2');
    expect(subscriberCount(run.id)).toBe(1);
    leave.abort();
    expect(await sse.next()).toBeNull();
    expect(subscriberCount(run.id)).toBe(0);
  });

  it('queue mode: a run whose worker commits its end right after the backlog read still gets run.finished before the stream ends', async () => {
    const run = await seedRun();
    updateRun(run.id, { status: 'running' });
    await ev(run.id);
    // The worker (another process) commits run.finished and the status together right after the
    // stream read the backlog; its publish through Redis has not arrived (here: never arrives).
    afterBacklogRead.once = () =>
      appendEvents([{ seq: 2, run_id: run.id, ts: new Date().toISOString(), type: 'run.finished', step: 1, span_id: 'run', data: { output: 'done' } }], () =>
        updateRun(run.id, { status: 'succeeded', finishedAt: new Date() }),
      );
    const sse = readSse(runEventStream({ runId: run.id, after: 0, heartbeatMs: 60_000 }));
    expect((await sse.next())?.id).toBe('1');
    expect(await sse.next()).toMatchObject({ id: '2', event: 'run.finished' });
    expect(await sse.next()).toBeNull();
  });

  it('sends the events of one commit as one chunk (one socket write), in order, and the terminal event with them', async () => {
    const run = await seedRun();
    updateRun(run.id, { status: 'running' });
    const reader = runEventStream({ runId: run.id, after: 0, heartbeatMs: 60_000 }).getReader();
    const decoder = new TextDecoder();
    const hello = decoder.decode((await reader.read()).value);
    expect(hello).toContain(`: run ${run.id}`);
    await vi.waitFor(() => expect(subscriberCount(run.id)).toBe(1));
    await new Promise((r) => setTimeout(r, 0)); // the backlog read (empty) is done: the stream is live
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    for (let i = 0; i < 3; i++) rec.emit({ type: 'node.started', step: 1, node: 'a', span_id: `s${i}`, data: {} });
    const chunk = decoder.decode((await reader.read()).value);
    expect([...chunk.matchAll(/^id: (\d+)$/gm)].map((m) => m[1])).toEqual(['1', '2', '3']);
    rec.emit({ type: 'node.started', step: 1, node: 'a', span_id: 's3', data: {} });
    rec.emit({ type: 'run.finished', step: 1, span_id: 'run', data: {} });
    const last = decoder.decode((await reader.read()).value);
    expect([...last.matchAll(/^event: (.+)$/gm)].map((m) => m[1])).toEqual(['node.started', 'run.finished']);
    expect((await reader.read()).done).toBe(true);
    expect(subscriberCount(run.id)).toBe(0);
  });
});
