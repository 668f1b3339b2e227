import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TraceEvent } from '@/lib/contracts/trace';
import { listEvents } from '@/db/run-events';
import { getRun, updateRun } from '@/db/runs';
import { subscribe } from './event-bus';
import { createEventRecorder, recordRunEvent } from './event-recorder';
import { resetRuntimeState } from './globals';
import { seedRun, useTempDb } from './testing/temp-db';

let db: { cleanup(): void };
beforeAll(() => {
  db = useTempDb();
});
afterAll(() => db.cleanup());
afterEach(() => {
  vi.useRealTimers();
});

/** One turn of the event loop (the recorder writes a tick's events at its end). */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

const delta = (text: string, span = 'llm-1') => ({ type: 'llm.delta' as const, step: 1, node: 'a', span_id: span, data: { text } });

describe('event recorder', () => {
  it('numbers events 1, 2, 3... per run, persists them and publishes them in order', async () => {
    const run = await seedRun();
    const seen: TraceEvent[] = [];
    const off = subscribe(run.id, (e) => seen.push(e));
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    rec.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'hi' } });
    rec.emit({ type: 'node.started', step: 1, node: 'a', span_id: 'n1', parent_span_id: 'run', data: { role: 'agent' } });
    expect(seen).toEqual([]); // buffered: published once written
    rec.flush();
    off();
    const stored = listEvents(run.id);
    expect(stored.map((e) => [e.seq, e.type])).toEqual([
      [1, 'run.started'],
      [2, 'node.started'],
    ]);
    expect(stored[1]).toMatchObject({ run_id: run.id, node: 'a', parent_span_id: 'run', data: { role: 'agent' } });
    expect(seen).toEqual(stored);
  });

  it('writes and publishes a tick\'s events before the event loop runs anything else (no wait behind timers, I/O or setImmediate)', async () => {
    const run = await seedRun();
    const seen: number[] = [];
    const off = subscribe(run.id, (e) => seen.push(e.seq));
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    // Queued before the events exist: runs after their commit only if the commit does not wait for the loop.
    const next = new Promise<{ published: number[]; written: number[] }>((resolve) =>
      setImmediate(() => resolve({ published: [...seen], written: listEvents(run.id).map((e) => e.seq) })),
    );
    rec.emit({ type: 'run.started', step: 0, span_id: 'run', data: {} });
    rec.emit({ type: 'node.started', step: 1, node: 'a', span_id: 'n1', data: { role: 'agent' } });
    expect(seen).toEqual([]); // written first, then published
    await Promise.resolve();
    rec.emit({ type: 'edge.taken', step: 1, span_id: 'e', data: { from: 'a', to: 'b' } });
    expect(await next).toEqual({ published: [1, 2, 3], written: [1, 2, 3] });
    off();
  });

  it('continues the numbering of a run that already has events (resume)', async () => {
    const run = await seedRun();
    await recordRunEvent(run.id, { type: 'run.started', step: 0, span_id: 'run', data: {} });
    await recordRunEvent(run.id, { type: 'node.started', step: 1, span_id: 'n', data: {} });
    expect(listEvents(run.id).map((e) => e.seq)).toEqual([1, 2]);
  });

  it('coalesces llm.delta bursts into events of about 50 characters without losing text', async () => {
    const run = await seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0, deltaChars: 50 });
    const words = Array.from({ length: 40 }, (_, i) => `w${i} `);
    for (const w of words) rec.emit(delta(w));
    rec.emit({ type: 'llm.response', step: 1, node: 'a', span_id: 'llm-1', data: { content: words.join('') } });
    rec.flush();
    const events = listEvents(run.id);
    const deltas = events.filter((e) => e.type === 'llm.delta');
    expect(deltas.length).toBeLessThan(words.length / 3);
    expect(deltas.map((e) => e.data.text).join('')).toBe(words.join(''));
    // the buffered tail is written before the event that follows it
    expect(events.at(-1)!.type).toBe('llm.response');
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it('never merges deltas of different spans, and writes a quiet tail on its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const run = await seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0, deltaMs: 5 });
    rec.emit(delta('one', 'x'));
    rec.emit(delta('two', 'y'));
    await tick();
    expect(listEvents(run.id).map((e) => e.data.text)).toEqual(['one']); // the tail waits for deltaMs
    const seen: TraceEvent[] = [];
    const off = subscribe(run.id, (e) => seen.push(e));
    vi.advanceTimersByTime(5);
    await tick();
    off();
    expect(listEvents(run.id).map((e) => [e.span_id, e.data.text])).toEqual([
      ['x', 'one'],
      ['y', 'two'],
    ]);
    expect(seen.map((e) => e.data.text)).toEqual(['two']);
  });

  it('writes the run status in the same transaction as the event that causes it', async () => {
    const run = await seedRun();
    updateRun(run.id, { status: 'running', startedAt: new Date() });
    const statusAtPublish: string[] = [];
    const off = subscribe(run.id, (e) => statusAtPublish.push(`${e.type}:${getRun(run.id)!.status}`));
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    rec.emit({ type: 'llm.response', step: 1, span_id: 'l', data: { 'gen_ai.usage.input_tokens': 10, 'gen_ai.usage.output_tokens': 3 } });
    rec.emit({ type: 'run.interrupted', step: 1, node: 'ask', span_id: 'run', data: { kind: 'human', node: 'ask' } });
    rec.emit({ type: 'run.resumed', step: 1, span_id: 'run', data: {} });
    rec.emit({ type: 'llm.response', step: 2, span_id: 'l2', data: { 'gen_ai.usage.input_tokens': 5, 'gen_ai.usage.output_tokens': 2 } });
    rec.emit({ type: 'run.finished', step: 2, span_id: 'run', data: { output: 'done' } });
    off();
    // An event is published once its batch is written: the row then reflects it (or a later event
    // of the same batch). run.interrupted and run.finished end their batch.
    expect(statusAtPublish).toEqual(['llm.response:paused', 'run.interrupted:paused', 'run.resumed:succeeded', 'llm.response:succeeded', 'run.finished:succeeded']);
    const row = getRun(run.id)!;
    expect(row.output).toBe('done');
    expect(row.usage).toEqual({ prompt_tokens: 15, completion_tokens: 5, total_tokens: 20 });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  it('records the failure message of run.failed on the row', async () => {
    const run = await seedRun();
    await recordRunEvent(run.id, { type: 'run.failed', step: 0, span_id: 'run', data: { error: { code: 'recursion_limit', message: 'too deep' } } });
    expect(getRun(run.id)).toMatchObject({ status: 'failed', error: { code: 'recursion_limit', message: 'too deep' } });
  });

  it('goes quiet after a simulated process restart (resetRuntimeState)', async () => {
    const run = await seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    rec.emit({ type: 'run.started', step: 0, span_id: 'run', data: {} });
    rec.flush();
    rec.emit({ type: 'node.started', step: 1, span_id: 'n', data: {} }); // buffered when the process dies
    resetRuntimeState();
    expect(rec.alive()).toBe(false);
    await tick();
    rec.emit({ type: 'run.finished', step: 1, span_id: 'run', data: {} });
    expect(listEvents(run.id).map((e) => e.type)).toEqual(['run.started']);
    expect(getRun(run.id)!.status).toBe('queued');
  });
});
