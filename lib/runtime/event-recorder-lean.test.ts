/**
 * The lean recorder (issue 14): a tick's events in one transaction through statements prepared
 * once, a step's events durable with its checkpoint before the run moves on (a process killed
 * after a step boundary keeps them), checkpoints that do not rewrite unchanged channels.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { listCheckpoints, checkpointAt } from '@/db/checkpoints';
import * as runEvents from '@/db/run-events';
import { listEvents } from '@/db/run-events';
import { loadCheckpoint, storedCheckpointAt } from '@/db/runs';
import { runGraph } from '@/lib/engine';
import { scriptedModel } from '@/lib/engine/testing/fake-ports';
import { agent, chain, graph } from '@/lib/engine/testing/graphs';
import { createEventRecorder } from './event-recorder';
import { resetRuntimeState } from './globals';
import { createRunPorts } from './run-ports';
import { seedRun, useTempDb } from './testing/temp-db';

vi.mock('@/db/run-events', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/db/run-events')>();
  return { ...actual, appendEvents: vi.fn(actual.appendEvents) };
});

let db: { cleanup(): void };
beforeAll(() => {
  db = useTempDb();
});
afterAll(() => db.cleanup());

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const appendEvents = vi.mocked(runEvents.appendEvents);

describe('lean recorder', () => {
  it('writes the events of one tick in one transaction, with statements prepared once', async () => {
    const run = await seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    rec.emit({ type: 'run.started', step: 0, span_id: 'run', data: {} });
    await tick(); // the first write prepares the statements
    const prepare = vi.spyOn(getDb().$client, 'prepare');
    appendEvents.mockClear();
    for (let i = 0; i < 5; i++) rec.emit({ type: 'node.started', step: 1, node: `n${i}`, span_id: `s${i}`, data: {} });
    expect(listEvents(run.id)).toHaveLength(1);
    await tick();
    expect(appendEvents).toHaveBeenCalledTimes(1);
    expect(appendEvents.mock.calls[0][0].map((e) => e.seq)).toEqual([2, 3, 4, 5, 6]);
    rec.emit({ type: 'node.started', step: 2, node: 'x', span_id: 'sx', data: {} });
    await tick();
    expect(appendEvents).toHaveBeenCalledTimes(2);
    expect(prepare.mock.calls.filter(([sql]) => sql.includes('INSERT INTO run_events'))).toEqual([]);
    prepare.mockRestore();
    expect(listEvents(run.id).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('makes a step durable with its checkpoint: a process killed in the next step keeps both', async () => {
    const doc = graph({ a: agent(), b: agent() }, chain('a', 'b'));
    const run = await seedRun(doc);
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    let inB!: () => void;
    const reachedB = new Promise<void>((resolve) => (inB = resolve));
    let release!: (reply: string) => void;
    const model = scriptedModel([
      'from a',
      () => {
        inB(); // step 1 is over: b runs in step 2
        return new Promise<string>((resolve) => (release = resolve));
      },
    ]);
    const ports = { ...(await createRunPorts(run.id, recorder, new AbortController().signal)), model };
    const done = runGraph({ runId: run.id, doc, input: 'hi', ports });
    await reachedB;
    resetRuntimeState(); // the process dies in step 2 (its recorder writes nothing more)
    release('from b');
    await done;
    await tick();
    const types = listEvents(run.id).map((e) => `${e.step}:${e.type}${e.node ? `:${e.node}` : ''}`);
    expect(types).toContain('1:node.finished:a');
    expect(types).toContain('1:edge.taken:a');
    expect(types.some((t) => t.startsWith('2:'))).toBe(false); // the unfinished step's events died with the process
    expect(loadCheckpoint(run.id)).toMatchObject({ step: 1, next: ['b'] });
  });

  it('does not rewrite channels a step left unchanged, and reads every checkpoint back whole', async () => {
    const book = { title: 'A long document', chapters: Array.from({ length: 20 }, (_, i) => `chapter ${i} `.repeat(10)) };
    const doc = graph({ a: agent(), b: agent(), c: agent() }, chain('a', 'b', 'c'), { state: { book: { type: 'json' }, verdict: { type: 'string' } } });
    const run = await seedRun(doc);
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const ports = { ...(await createRunPorts(run.id, recorder, new AbortController().signal)), model: scriptedModel(['one', 'two', 'three']) };
    const out = await runGraph({ runId: run.id, doc, input: 'hi', inputs: { book }, ports });
    recorder.flush();
    expect(out.status).toBe('succeeded');
    const stored = [0, 1, 2, 3].map((step) => storedCheckpointAt(run.id, step)!);
    expect(stored[0].state.book).toEqual(book);
    for (const row of stored.slice(1)) {
      expect(row.state).not.toHaveProperty('book');
      expect(row.state_refs).toMatchObject({ book: 0 });
      expect(row.state.messages).toBeDefined(); // written: it changed
    }
    const all = listCheckpoints(run.id);
    expect(all.map((c) => c.checkpoint.state.book)).toEqual([book, book, book, book]);
    expect(checkpointAt(run.id, 2)!.state).toMatchObject({ book, input: 'hi' });
    expect((checkpointAt(run.id, 3)!.state.messages as unknown[]).length).toBe(4);
  });

  it("writes a run's last checkpoint in the transaction of its run.finished: one commit fewer, both or neither", async () => {
    const doc = graph({ a: agent(), b: agent() }, chain('a', 'b'));
    const run = await seedRun(doc);
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const ports = { ...(await createRunPorts(run.id, recorder, new AbortController().signal)), model: scriptedModel(['one', 'two']) };
    appendEvents.mockClear();
    const out = await runGraph({ runId: run.id, doc, input: 'hi', ports });
    expect(out.status).toBe('succeeded');
    // Steps 0, 1 and 2 end in a checkpoint; the last one (nothing next) is written with run.finished.
    const commits = appendEvents.mock.calls.map(([events]) => events.map((e) => e.type));
    expect(commits).toHaveLength(3);
    expect(commits[2]).toEqual(expect.arrayContaining(['node.finished', 'run.finished']));
    expect(loadCheckpoint(run.id)).toMatchObject({ step: 2, next: [] });
    expect(getDb().$client.prepare('select count(*) as n from run_checkpoints where run_id = ?').get(run.id)).toEqual({ n: 3 });
  });

  it('a deferred write that fails takes the events of its transaction with it (nothing half-written)', async () => {
    const run = await seedRun();
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    recorder.emit({ type: 'run.started', step: 0, span_id: 'run', data: {} });
    recorder.withNextCommit(() => {
      throw new Error('disk full');
    });
    expect(() => recorder.flush()).toThrow('disk full');
    expect(listEvents(run.id)).toEqual([]);
  });

  it('a deferred write with nothing after it is committed at the end of the tick', async () => {
    const run = await seedRun();
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    let wrote = 0;
    recorder.withNextCommit(() => {
      wrote++;
      return {};
    });
    expect(wrote).toBe(0);
    await tick();
    expect(wrote).toBe(1);
    recorder.flush();
    expect(wrote).toBe(1); // once
  });
});
