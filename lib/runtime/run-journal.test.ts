/**
 * The run's call journal over SQLite (run-journal.ts): a recorded call is written with the step
 * commit that writes its events (never on its own, never without them), recalled by attempt key,
 * and reused by node and request in order; a run that is gone or a recorder that went quiet
 * writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getStore } from '@/db/store';
import { rawSql } from '@/lib/testing/raw-sql';
import { runGraph } from '@/lib/engine';
import type { JournalEntry } from '@/lib/engine/ports';
import { fakeTools, scriptedModel } from '@/lib/engine/testing/fake-ports';
import { agent, chain, graph } from '@/lib/engine/testing/graphs';
import { createEventRecorder } from './event-recorder';
import { resetRuntimeState } from './globals';
import { createRunJournal } from './run-journal';
import { createRunPorts } from './run-ports';
import { seedRun, useTempDb } from './testing/temp-db';

/**
 * Called after every commit of events, when set: on SQLite right after the synchronous commit
 * (db/run-events.ts appendEvents; its store reads answer at once), on Postgres after the store's
 * step commit, awaited before that commit resolves (the run's next commit waits for it).
 */
const afterCommit = vi.hoisted(() => ({ fn: undefined as undefined | (() => Promise<void>), inCommit: false, journalWrites: [] as boolean[] }));
vi.mock('@/db/run-events', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/db/run-events')>();
  return {
    ...actual,
    appendEvents: (...args: Parameters<typeof actual.appendEvents>) => {
      afterCommit.inCommit = true;
      try {
        actual.appendEvents(...args);
      } finally {
        afterCommit.inCommit = false;
      }
      void afterCommit.fn?.();
    },
  };
});
/** Whether each write of journal rows happened inside a commit of events. */
vi.mock('@/db/journal', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/db/journal')>();
  return {
    ...actual,
    insertJournalRows: (...args: Parameters<typeof actual.insertJournalRows>) => {
      afterCommit.journalWrites.push(afterCommit.inCommit);
      actual.insertJournalRows(...args);
    },
  };
});

/** Postgres: step commits are asynchronous (db/store/pg/steps.ts); the same watch over the store's commit. */
vi.mock('@/db/store', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/db/store')>();
  const wrapped = new WeakMap<object, ReturnType<typeof actual.getStore>>();
  return {
    ...actual,
    getStore: () => {
      const store = actual.getStore();
      let w = wrapped.get(store);
      if (!w) {
        w = {
          ...store,
          steps: {
            ...store.steps,
            commit: async (runId, c) => {
              if (c.journal?.length) afterCommit.journalWrites.push(c.events.length > 0);
              await store.steps.commit(runId, c);
              await afterCommit.fn?.();
            },
          },
        };
        wrapped.set(store, w);
      }
      return w;
    },
  };
});

let db: { cleanup(): void };
beforeAll(() => {
  db = useTempDb();
});
afterAll(() => db.cleanup());

const CHAT = { message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop', usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 }, model: 'm', latency_ms: 5 };

function toolCall(key: string, output: string, extra: Partial<JournalEntry> = {}): JournalEntry {
  return { key, kind: 'tool', node: 'a', request: { tool: 'post', args: { n: 1 } }, result: { output }, started_at: 100, latency_ms: 7, ...extra };
}

describe('run journal', () => {
  it("a server run's calls are written in the commits of their events: after every commit, one row per llm.response / tool.result", async () => {
    const doc = graph({ a: agent({ strategy: 'tool_calling', tools: ['post'] }) }, chain('a'), { tools: { post: { type: 'http', method: 'POST', url: 'http://example.test/hook' } } });
    const run = await seedRun(doc);
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const model = scriptedModel([{ tool_calls: [{ name: 'post', arguments: { n: 1 } }, { name: 'post', arguments: { n: 2 } }] }, 'done']);
    const ports = { ...(await createRunPorts(run.id, recorder, new AbortController().signal)), model, tools: fakeTools({ post: (a) => `posted ${String(a.n)}` }) };
    const seen: [number, number][] = [];
    afterCommit.journalWrites = [];
    afterCommit.fn = async () => {
      // The journal first, then the events: on Postgres the run's next commit may land between the
      // two reads (the hook does not hold the commit queue), which can only add events. A row read
      // before its llm.response / tool.result would be a journal row committed without its event.
      const rows = await getStore().journal.list(run.id);
      const events = await getStore().events.list(run.id);
      seen.push([events.filter((e) => e.type === 'llm.response' || e.type === 'tool.result').length, rows.length]);
    };
    try {
      expect((await runGraph({ runId: run.id, doc, input: 'go', ports })).status).toBe('succeeded');
      await recorder.flush(); // the run manager's wait for the run's last commit (asynchronous on Postgres)
    } finally {
      afterCommit.fn = undefined;
    }
    expect(seen.length).toBeGreaterThan(1);
    for (const [calls, rows] of seen) expect(rows).toBeLessThanOrEqual(calls);
    const [events, rows] = [await getStore().events.list(run.id), await getStore().journal.list(run.id)];
    expect(rows.length).toBe(events.filter((e) => e.type === 'llm.response' || e.type === 'tool.result').length);
    // Never on its own: every write of journal rows was inside the transaction of a commit of events.
    expect(afterCommit.journalWrites.length).toBeGreaterThan(0);
    expect(afterCommit.journalWrites.every(Boolean)).toBe(true);
    expect((await getStore().journal.list(run.id)).map((r) => [r.kind, r.node, r.key])).toEqual([
      ['llm', 'a', 's1.g0/a.0#0'],
      ['tool', 'a', 's1.g0/a.0#1'],
      ['tool', 'a', 's1.g0/a.0#2'],
      ['llm', 'a', 's1.g0/a.0#3'],
    ]);
  });

  it('writes a call in the transaction of the next step commit, with its events, not before', async () => {
    const run = await seedRun();
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const journal = createRunJournal(run.id, recorder);
    journal.record({ key: 's1.g0/a.0#0', kind: 'llm', node: 'a', request: { model: 'm' }, result: CHAT, usage: CHAT.usage, started_at: 50, latency_ms: 5 });
    recorder.emit({ type: 'llm.response', step: 1, node: 'a', span_id: 'l1', data: { content: 'hi' } });
    // Not before its event: the row is read first, so a row seen here has its event written too. (On
    // Postgres the recorder may commit in the background between the two reads, one statement.)
    const early = await getStore().journal.list(run.id);
    const earlyEvents = await getStore().events.list(run.id);
    if (early.length) expect(earlyEvents.map((e) => e.type)).toEqual(['llm.response']);
    await recorder.flush();
    const rows = await getStore().journal.list(run.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: 's1.g0/a.0#0', kind: 'llm', node: 'a', result: CHAT, usage: CHAT.usage, error: null, reused: false, startedAt: 50, latencyMs: 5 });
    expect(rows[0].requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await getStore().events.list(run.id)).map((e) => e.type)).toEqual(['llm.response']);
  });

  it('keeps what the call returned when it finished (later changes to the object are not written), and a failed tool call with its error', async () => {
    const run = await seedRun();
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const journal = createRunJournal(run.id, recorder);
    const result = { output: 'first' };
    journal.record(toolCall('s1.g0/a.0#0', 'x', { result }));
    result.output = 'changed later';
    journal.record(toolCall('s1.g0/a.0#1', '', { result: { output: '', error: 'HTTP 500' }, error: 'HTTP 500' }));
    // The same key again (a recall racing a record) keeps the first.
    journal.record(toolCall('s1.g0/a.0#0', 'second'));
    await recorder.flush();
    expect((await getStore().journal.list(run.id)).map((r) => [r.key, r.result, r.error])).toEqual([
      ['s1.g0/a.0#0', { output: 'first' }, null],
      ['s1.g0/a.0#1', { output: '', error: 'HTTP 500' }, 'HTTP 500'],
    ]);
  });

  it('recalls a call by attempt key: before its commit, after it, and from a new port (a resume in another process)', async () => {
    const run = await seedRun();
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const journal = createRunJournal(run.id, recorder);
    expect(await journal.recall('s1.g0/a.0#0')).toBeUndefined();
    journal.record(toolCall('s1.g0/a.0#0', 'posted'));
    expect(await journal.recall('s1.g0/a.0#0')).toEqual({ kind: 'tool', result: { output: 'posted' } });
    await recorder.flush();
    expect(await journal.recall('s1.g0/a.0#0')).toEqual({ kind: 'tool', result: { output: 'posted' } });
    const resumed = createRunJournal(run.id, createEventRecorder({ runId: run.id, afterSeq: recorder.lastSeq() }));
    expect(await resumed.recall('s1.g0/a.0#0')).toEqual({ kind: 'tool', result: { output: 'posted' } });
    expect(await resumed.recall('s1.g0/a.0#9')).toBeUndefined();
  });

  it("reuses the source run's n-th identical call for this run's n-th, counting this run's calls not yet committed", async () => {
    const source = await seedRun();
    const srcRecorder = createEventRecorder({ runId: source.id, afterSeq: 0 });
    const src = createRunJournal(source.id, srcRecorder);
    src.record(toolCall('s1.g0/a.0#0', 'one'));
    src.record(toolCall('s1.g0/a.0#1', 'two'));
    src.record(toolCall('s1.g0/b.0#0', 'other node', { node: 'b' }));
    await srcRecorder.flush();

    const run = await seedRun();
    const recorder = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const journal = createRunJournal(run.id, recorder, source.id);
    const call = { kind: 'tool' as const, node: 'a', request: { tool: 'post', args: { n: 1 } } };
    expect(await journal.reuse!(call)).toEqual({ output: 'one' });
    journal.record(toolCall('s1.g0/a.0#0', 'one', { reused: true }));
    expect(await journal.reuse!(call)).toEqual({ output: 'two' });
    journal.record(toolCall('s1.g0/a.0#1', 'two', { reused: true }));
    await recorder.flush();
    expect(await journal.reuse!(call)).toBeUndefined(); // a third identical call is made
    expect(await journal.reuse!({ ...call, request: { tool: 'post', args: { n: 2 } } })).toBeUndefined(); // a changed request is made
    expect(await journal.reuse!({ ...call, kind: 'llm' })).toBeUndefined();
    expect((await getStore().journal.list(run.id)).map((r) => r.reused)).toEqual([true, true]);
    // A run without a source reuses nothing.
    expect(createRunJournal(run.id, recorder).reuse).toBeUndefined();
  });

  it('writes nothing for a run deleted before its commit, nor for a recorder that went quiet (a simulated restart)', async () => {
    const gone = await seedRun();
    const recorder = createEventRecorder({ runId: gone.id, afterSeq: 0 });
    const journal = createRunJournal(gone.id, recorder);
    journal.record(toolCall('s1.g0/a.0#0', 'posted'));
    recorder.emit({ type: 'tool.result', step: 1, node: 'a', span_id: 't1', data: { tool: 'post', output: 'posted' } });
    await rawSql('delete from runs where id = ?', [gone.id]);
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(await getStore().journal.list(gone.id)).toEqual([]);

    const run = await seedRun();
    const quiet = createEventRecorder({ runId: run.id, afterSeq: 0 });
    const j = createRunJournal(run.id, quiet);
    resetRuntimeState();
    j.record(toolCall('s1.g0/a.0#0', 'posted'));
    await quiet.flush();
    expect(await getStore().journal.list(run.id)).toEqual([]);
  });
});
