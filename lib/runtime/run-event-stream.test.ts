import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateRun } from '@/db/runs';
import { subscriberCount } from './event-bus';
import { recordRunEvent } from './event-recorder';
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
    const run = seedRun();
    updateRun(run.id, { status: 'running' });
    for (let i = 0; i < 4; i++) ev(run.id);
    const sse = readSse(runEventStream({ runId: run.id, after: 2, heartbeatMs: 60_000 }));
    const first = await sse.next();
    expect(first).toMatchObject({ id: '3', event: 'node.started' });
    expect(JSON.parse(first!.data)).toMatchObject({ seq: 3, run_id: run.id, type: 'node.started', node: 'a' });
    expect((await sse.next())?.id).toBe('4');
    ev(run.id);
    ev(run.id, 'run.finished');
    expect((await sse.next())?.id).toBe('5');
    expect(await sse.next()).toMatchObject({ id: '6', event: 'run.finished' });
    expect(await sse.next()).toBeNull();
    expect(subscriberCount(run.id)).toBe(0);
  });

  it('ends at once for a finished run whose whole trace the client already has', async () => {
    const run = seedRun();
    ev(run.id);
    ev(run.id, 'run.failed');
    const sse = readSse(runEventStream({ runId: run.id, after: 2, heartbeatMs: 60_000 }));
    expect(await sse.next()).toBeNull();
  });

  it('sends heartbeat comments while a run is quiet, and unsubscribes when the client leaves', async () => {
    const run = seedRun();
    updateRun(run.id, { status: 'paused' });
    const leave = new AbortController();
    const sse = readSse(runEventStream({ runId: run.id, after: 0, heartbeatMs: 20, signal: leave.signal }));
    ev(run.id);
    expect((await sse.next())?.id).toBe('1');
    const pending = sse.next(); // reading pulls the heartbeat comments through
    await vi.waitFor(() => expect(sse.comments.some((c) => c.startsWith('heartbeat'))).toBe(true));
    ev(run.id);
    expect((await pending)?.id).toBe('2');
    expect(subscriberCount(run.id)).toBe(1);
    leave.abort();
    expect(await sse.next()).toBeNull();
    expect(subscriberCount(run.id)).toBe(0);
  });
});
