/**
 * Run threads (SWITCHYARD_RUN_THREADS): runs started over HTTP execute on worker threads, their
 * events reach SSE live through the server's event bus, a cancel reaches the thread, a human pause
 * is resumed on a thread, a thread that dies mid-run hands the run to another (continuing from its
 * checkpoint, the finished call recalled from the journal), and threads that cannot load leave runs
 * on the server's thread.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { TraceEvent } from '@/lib/contracts/trace';
import { newRunId } from '@/db/runs';
import { getStore } from '@/db/store';
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import type { Harness } from '../testing/harness';
import { withMockHarness } from '../testing/mock-harness';
import { agentGraph, humanGraph } from '../testing/graphs';
import { runtimeState } from '../globals';
import { RunThreadPool, isRunThreadsUnavailable, runThreadPool, runThreadStats } from './pool';

let mock: MockOpenAI;
let h: Harness;
withMockHarness((started) => ({ mock, h } = started), { SWITCHYARD_RUN_THREADS: '2' });
// Loading a thread's code takes seconds (tsx, and far longer on a busy machine); until then runs
// execute on the server's thread: both threads loaded before the tests.
beforeAll(() => runThreadPool(2)!.warm(), 180_000);

const doneOnThreads = () => Object.values(runThreadStats()?.done ?? {}).reduce((a, b) => a + b, 0);

describe('runs on run threads', () => {
  it('executes a run on a worker thread; SSE carries its events live, in order', async () => {
    const reply = 'The trains run on time. '.repeat(40);
    mock.script([{ reply: { content: reply, chunkSize: 8, delayMs: 2 } }]);
    const before = doneOnThreads();
    const graphId = await h.createGraph(agentGraph('threaded'));
    const runId = await h.startRun(graphId, { input: 'Say it' });
    const { sse } = await h.events(runId);
    const events = await h.collect(sse);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.type === 'llm.delta').length).toBeGreaterThan(1);
    expect(events.at(-1)!.type).toBe('run.finished');
    const done = await h.waitForStatus(runId, ['succeeded']);
    expect(done.run.output).toContain('The trains run on time.');
    // it ran on a thread, not on this one
    const stats = runThreadStats()!;
    expect(doneOnThreads()).toBe(before + 1);
    expect(Object.keys(stats.done).map(Number)).not.toContain(threadId);
    expect(runtimeState().active.has(runId)).toBe(false);
  }, 60_000); // a thread's first run: its code still cold

  it('a cancel reaches the thread: the model request is closed and the run ends cancelled', async () => {
    mock.script([{ reply: { content: 'x'.repeat(400), chunkSize: 1, delayMs: 20 } }]);
    const graphId = await h.createGraph(agentGraph('threaded-cancel'));
    const runId = await h.startRun(graphId, { input: 'go' });
    const { sse } = await h.events(runId);
    await h.collect(sse, (e) => e.type === 'llm.delta');
    const closed = mock.waitForClientClose();
    const res = await h.call('POST', `/api/runs/${runId}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.run.status).toBe('cancelled');
    await closed;
  });

  it('a human pause is resumed on a thread, and the resumed part streams live', async () => {
    mock.script([
      { match: { systemContains: 'one-line draft' }, reply: { content: 'Draft.' } },
      { match: { systemContains: 'Announce' }, reply: { content: 'Announced.' } },
    ]);
    const before = doneOnThreads();
    const graphId = await h.createGraph(humanGraph('threaded-approval'));
    const runId = await h.startRun(graphId, { input: 'notes' });
    const paused = await h.waitForStatus(runId, ['paused', 'failed']);
    expect(paused.run.status).toBe('paused');
    const last = paused.events.at(-1)!.seq;
    const { sse } = await h.events(runId, { lastEventId: last });
    const reading = h.collect(sse);
    expect((await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } })).status).toBe(202);
    const rest: TraceEvent[] = await reading;
    expect(rest[0].seq).toBe(last + 1);
    expect(rest.at(-1)!.type).toBe('run.finished');
    expect((await h.waitForStatus(runId, ['succeeded'])).run.status).toBe('succeeded');
    expect(doneOnThreads()).toBe(before + 2); // the start, then the resume
  });

  it('a thread that dies mid-run hands the run to another, which continues it without repeating finished calls', async () => {
    mock.script([
      { name: 'first', match: { systemContains: 'First' }, reply: { content: 'one' } },
      { name: 'second', match: { systemContains: 'Second' }, reply: { content: 'two', chunkSize: 1, delayMs: 30 } },
    ]);
    const doc = {
      switchyard: 1 as const,
      name: 'two-steps',
      models: { default: { connection: 'default', model: 'gpt-test' } },
      nodes: {
        a: { role: 'agent' as const, strategy: 'tool_calling' as const, system_prompt: 'First.' },
        b: { role: 'agent' as const, strategy: 'tool_calling' as const, system_prompt: 'Second.' },
      },
      edges: [
        { from: 'START', to: 'a' },
        { from: 'a', to: 'b' },
        { from: 'b', to: 'END' },
      ],
    };
    const graphId = await h.createGraph(doc);
    const runId = await h.startRun(graphId, { input: 'go' });
    const { sse } = await h.events(runId);
    await h.collect(sse, (e) => e.type === 'llm.delta' && e.node === 'b');
    const pool = runtimeState().threads as RunThreadPool;
    await pool.stopThreadOf(runId);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    expect(mock.count('first')).toBe(1); // recalled from the journal, not asked again
    expect(mock.count('second')).toBe(2); // cut short, then made again
  });
});

describe('threads that cannot load', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-threads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function job() {
    const store = getStore();
    const g = await store.graphs.create({ ...agentGraph('unloadable'), name: `unloadable-${newRunId()}` }, DEFAULT_WORKSPACE_ID);
    const run = await store.runs.insert({ id: newRunId(), graphId: g.id, graphName: g.name, graphVersion: g.version, input: 'x', source: 'api' });
    return { runId: run.id, document: g.document, args: { input: 'x' } };
  }

  it('an entry that is not there: RunThreadsUnavailable naming it, and no run is taken', async () => {
    const pool = new RunThreadPool(1, { entry: path.join(dir, 'missing.ts') });
    expect(await pool.execute(await job(), new AbortController().signal)).toBe(false);
    const err = await pool.warm().catch((e: unknown) => e);
    expect(isRunThreadsUnavailable(err)).toBe(true);
    expect(String((err as Error).message)).toContain('missing.ts');
    expect(await pool.execute(await job(), new AbortController().signal)).toBe(false);
    pool.terminate();
  });

  it('an entry that fails to load: RunThreadsUnavailable with its error, and no run is taken', async () => {
    const entry = path.join(dir, 'broken.ts');
    writeFileSync(entry, "throw new Error('this entry does not load');\n");
    const pool = new RunThreadPool(1, { entry });
    expect(await pool.execute(await job(), new AbortController().signal)).toBe(false); // not loaded yet
    const err = await pool.warm().catch((e: unknown) => e);
    expect(isRunThreadsUnavailable(err)).toBe(true);
    expect(String((err as Error).message)).toContain('this entry does not load');
    expect(await pool.execute(await job(), new AbortController().signal)).toBe(false);
    pool.terminate();
  });

  it('SWITCHYARD_RUN_THREADS=0 runs on the server thread', async () => {
    mock.script([{ reply: { content: 'here' } }]);
    const before = doneOnThreads();
    process.env.SWITCHYARD_RUN_THREADS = '0';
    try {
      const graphId = await h.createGraph(agentGraph('in-process'));
      const runId = await h.startRun(graphId, { input: 'x' });
      expect((await h.waitForStatus(runId, ['succeeded'])).run.output).toBe('here');
    } finally {
      process.env.SWITCHYARD_RUN_THREADS = '2';
    }
    expect(doneOnThreads()).toBe(before);
  });
});
