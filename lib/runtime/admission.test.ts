/**
 * Admission control through HTTP (SWITCHYARD_MAX_CONCURRENT_RUNS=2, a mock model that holds its
 * requests until released): runs beyond the limit wait as `queued` and start in order as slots
 * free; a queued run can be cancelled; a failed run frees its slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { AdmissionQueue } from './admission';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;
let graphId: string;

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      { name: 'fail', match: { lastUserContains: 'please fail' }, reply: { error: { status: 400, message: 'bad request' } } },
      { name: 'ok', reply: { content: 'done' } },
    ],
  });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test-1234', SWITCHYARD_MAX_CONCURRENT_RUNS: '2', SWITCHYARD_MODEL_MAX_RETRIES: '0' });
  graphId = await h.createGraph(agentGraph('admission'));
});
afterAll(async () => {
  mock?.release();
  await h?.close();
  await mock?.close();
});

const status = async (runId: string) => (await h.run(runId)).run.status;
/** The inputs of the chat requests the mock received, in order. */
const asked = () => mock.chatRequests().map((r) => String(r.messages.at(-1)?.content));
/** The same, as a set: runs admitted together reach the model in either order (each awaits the store first). */
const askedRuns = () => asked().sort();

describe('admission control', () => {
  it('queues runs beyond the limit in order, cancels a queued one, starts the rest as slots free', async () => {
    mock.reset();
    mock.hold();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await h.startRun(graphId, { input: `run ${i}` }));
    await mock.whenHeld(2);
    expect(await Promise.all(ids.map(status))).toEqual(['running', 'running', 'queued', 'queued', 'queued']);
    expect(askedRuns()).toEqual(['run 1', 'run 2']);

    const cancelled = await h.call('POST', `/api/runs/${ids[3]}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await status(ids[3])).toBe('cancelled');

    mock.release(1); // run 1 ends: run 3 (the longest waiting) starts
    await mock.whenHeld(2);
    expect(askedRuns()).toEqual(['run 1', 'run 2', 'run 3']);
    expect(await status(ids[4])).toBe('queued');
    mock.release(1); // run 2 ends: run 5 starts (run 4 was cancelled)
    await mock.whenHeld(2);
    expect(askedRuns()).toEqual(['run 1', 'run 2', 'run 3', 'run 5']);
    mock.release();
    for (const [i, id] of ids.entries()) await h.waitForStatus(id, i === 3 ? ['cancelled'] : ['succeeded']);
  });

  it('frees the slot of a run that fails', async () => {
    mock.reset();
    mock.hold();
    const failing = [await h.startRun(graphId, { input: 'please fail 1' }), await h.startRun(graphId, { input: 'please fail 2' })];
    const next = await h.startRun(graphId, { input: 'after the failures' });
    await mock.whenHeld(2);
    expect(await status(next)).toBe('queued');
    mock.release(2);
    for (const id of failing) await h.waitForStatus(id, ['failed']);
    await mock.whenHeld(1);
    expect(await status(next)).toBe('running');
    mock.release();
    await h.waitForStatus(next, ['succeeded']);
  });
});

describe('AdmissionQueue', () => {
  it('admits in FIFO order up to its limit, and drops a waiter whose signal aborts', async () => {
    const q = new AdmissionQueue(() => 1);
    expect(q.tryEnter()).toBe(true);
    expect(q.tryEnter()).toBe(false);
    const order: string[] = [];
    const a = new AbortController();
    const waits = ['a', 'b', 'c'].map((id) => q.wait(id, id === 'b' ? a.signal : new AbortController().signal).then((ok) => order.push(`${id}:${ok}`)));
    expect(q.queued()).toEqual(['a', 'b', 'c']);
    a.abort();
    q.leave();
    await waits[0];
    await waits[1];
    q.leave();
    await waits[2];
    expect(order).toEqual(['b:false', 'a:true', 'c:true']);
    expect(q.active()).toBe(1);
  });
});
