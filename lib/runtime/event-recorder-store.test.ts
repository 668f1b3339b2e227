/**
 * The event recorder over the async store's step commit (db/store StepCommitter), with only what
 * holds on every backend: on SQLite the commit is synchronous, on PostgreSQL
 * (event-recorder-store.postgres.test.ts) it is one pg transaction per commit, queued per run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawSql } from '@/lib/testing/raw-sql';
import { getStore } from '@/db/store';
import type { TraceEvent } from '@/lib/contracts/trace';
import { subscribe } from './event-bus';
import { createEventRecorder } from './event-recorder';
import { seedRun, useTempDb } from './testing/temp-db';

let db: { cleanup(): void };
beforeAll(() => {
  db = useTempDb();
});
afterAll(() => db.cleanup());

const node = (step: number) => ({ type: 'node.started' as const, step, node: 'a', span_id: `n${step}`, data: { role: 'agent' } });

describe('event recorder over the store', () => {
  it('publishes each event only once its commit is written, in seq order, across commits nobody waited for', async () => {
    const run = await seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const seen: { seq: number; stored: boolean }[] = [];
    const checks: Promise<void>[] = [];
    const off = subscribe(run.id, (e: TraceEvent) => {
      // The order of publishing is taken here; whether the event was stored, when the read answers
      // (reads on several pooled connections answer in any order).
      const entry = { seq: e.seq, stored: false };
      seen.push(entry);
      checks.push(getStore().events.list(run.id, e.seq - 1, 1).then((rows) => void (entry.stored = rows[0]?.seq === e.seq)));
    });
    for (let step = 1; step <= 8; step++) {
      rec.emit(node(step));
      void rec.flush({ step, state: { n: step }, next: ['a'] }); // a step boundary nobody waits for
    }
    rec.emit({ type: 'run.finished', step: 8, span_id: 'run', data: { output: 'done' } });
    await rec.flush();
    await Promise.all(checks);
    off();
    expect(seen.map((s) => s.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seen.every((s) => s.stored)).toBe(true);
    expect((await getStore().checkpoints.latest(run.id))?.state).toEqual({ n: 8 });
    expect((await getStore().runs.get(run.id))?.status).toBe('succeeded');
  });

  it('a commit that fails rejects the flush that waits for it, writes none of it and publishes none of it', async () => {
    const run = await seedRun();
    const first = createEventRecorder({ runId: run.id, afterSeq: 0 });
    first.emit(node(1));
    await first.flush();
    // A second recorder numbering from 0 again (a bug): its event 1 is taken.
    const stale = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const published: number[] = [];
    const off = subscribe(run.id, (e) => published.push(e.seq));
    stale.emit(node(2));
    let failure: unknown;
    try {
      await stale.flush({ step: 2, state: { n: 2 }, next: [] });
    } catch (err) {
      failure = err;
    }
    off();
    expect(failure).toBeInstanceOf(Error);
    expect(published).toEqual([]);
    expect((await getStore().events.list(run.id)).map((e) => e.span_id)).toEqual(['n1']);
    expect(await getStore().checkpoints.latest(run.id)).toBeUndefined();
  });

  it('goes quiet for a run deleted under it: the flush resolves and nothing more is written', async () => {
    const run = await seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    rec.emit(node(1));
    await rawSql('delete from runs where id = ?', [run.id]);
    await expect(rec.flush({ step: 1, state: {}, next: [] })).resolves.toBeUndefined();
    rec.emit(node(2));
    await rec.flush();
    expect(await getStore().events.list(run.id)).toEqual([]);
  });

  it('durable() resolves once everything recorded so far can be read back', async () => {
    const run = await seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    rec.emit(node(1));
    rec.emit(node(2));
    await rec.durable();
    await new Promise((r) => setImmediate(r)); // SQLite: the tick's commit ran before any I/O
    expect(await getStore().events.lastSeq(run.id)).toBe(2);
  });
});
