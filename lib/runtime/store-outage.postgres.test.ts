/**
 * Store outages on a real PostgreSQL (a cluster of this file's own, stopped with pg_ctl for 10 s
 * while several runs are in flight against the mock model):
 * - within SWITCHYARD_STORE_RETRY_S the runs' writes wait with back-off, and the runs finish by
 *   themselves once the database is back; an open SSE stream goes on with its run;
 * - past it, a run stops (its SSE stream ends with an `error` event `store_unavailable`), its
 *   unwritten step is kept, and once the database is back the run is written, marked interrupted
 *   and resumed from its last checkpoint by itself.
 * Either way no finished model call is made twice (counted at the mock: three calls per run).
 */
import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { GraphDocument } from '@/lib/graph/schema';
import { onPostgres } from '@/lib/testing/on-postgres';
import { setEnv } from '@/lib/testing/env';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import type { SseReader } from './testing/sse-client';

const pg = await onPostgres({ ownCluster: true });

const OUTAGE_MS = 10_000;
const RUNS = 4;
const CALLS_PER_RUN = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** a: a tool call (calculator) then an answer; b: an answer. Three model calls, a checkpoint between a and b. */
function graph(name: string): GraphDocument {
  return {
    switchyard: 1,
    name,
    models: { default: { connection: 'default', model: 'mock-model', temperature: 0 } },
    tools: { calc: { type: 'calculator', description: 'Computes arithmetic.' } },
    nodes: {
      a: { role: 'agent', strategy: 'tool_calling', tools: ['calc'], system_prompt: 'Compute with calc.' },
      b: { role: 'agent', strategy: 'tool_calling', system_prompt: 'Summarize the result.' },
    },
    edges: [
      { from: 'START', to: 'a' },
      { from: 'a', to: 'b' },
      { from: 'b', to: 'END' },
    ],
  };
}

function script(mock: MockOpenAI): void {
  mock.script([
    { name: 'a-call', match: { systemContains: 'Compute with calc', turn: 1 }, reply: { tool_calls: [{ name: 'calc', arguments: { expression: '6*7' } }] } },
    { name: 'a-answer', match: { systemContains: 'Compute with calc', turn: 2 }, reply: { content: 'It is 42.' } },
    { name: 'b-answer', match: { systemContains: 'Summarize' }, reply: { content: 'The answer is 42.' } },
  ]);
}

/** Frames until the stream ends: the trace events' types, and the last frame. */
async function drain(sse: SseReader): Promise<{ types: string[]; last: { event?: string; data: string } | null }> {
  const types: string[] = [];
  let last: { event?: string; data: string } | null = null;
  for (;;) {
    const f = await sse.next();
    if (!f) return { types, last };
    last = f;
    if (f.event) types.push(f.event);
  }
}

if (pg) {
  let mock: MockOpenAI;
  let h: Harness;
  withMockHarness((started) => ({ mock, h } = started), { SWITCHYARD_SSE_HEARTBEAT_MS: '500', SWITCHYARD_STORE_RETRY_S: '60' });

  /** Starts RUNS runs whose first model call is held at the mock; resolves once all are. */
  async function inFlight(name: string): Promise<string[]> {
    script(mock);
    mock.hold();
    const graphId = await h.createGraph(graph(name));
    const ids: string[] = [];
    for (let i = 0; i < RUNS; i++) ids.push(await h.startRun(graphId, { input: `question ${i}` }));
    await mock.whenHeld(RUNS);
    return ids;
  }

  async function finished(ids: string[]) {
    const done = [];
    for (const id of ids) done.push(await h.waitForStatus(id, ['succeeded', 'failed', 'cancelled'], 90_000));
    return done;
  }

  describe('Postgres stopped for 10 s mid-run', { timeout: 180_000 }, () => {
    it('within SWITCHYARD_STORE_RETRY_S: the runs wait for it and finish by themselves; SSE goes on; no call is made twice', async () => {
      const ids = await inFlight('outage-wait');
      const { sse } = await h.events(ids[0]);
      expect((await sse.next())?.event).toBe('run.started'); // the backlog was read: the stream is live
      pg.down();
      const downAt = Date.now();
      mock.release(); // the model answers while the database is away: the runs' next writes wait
      await sleep(OUTAGE_MS - (Date.now() - downAt));
      pg.up();

      const done = await finished(ids);
      for (const d of done) {
        expect(d.run.status).toBe('succeeded');
        expect(d.run.output).toBe('The answer is 42.');
        expect(d.events.filter((e) => e.type === 'llm.response')).toHaveLength(CALLS_PER_RUN);
        expect(d.events.map((e) => e.type)).not.toContain('run.interrupted');
        expect(d.events.map((e) => e.seq)).toEqual(d.events.map((_, i) => i + 1));
      }
      expect(mock.count('a-call')).toBe(RUNS);
      expect(mock.count()).toBe(RUNS * CALLS_PER_RUN);
      const stream = await drain(sse);
      expect(stream.last?.event).toBe('run.finished');
      expect(stream.types.filter((t) => t === 'llm.response')).toHaveLength(CALLS_PER_RUN); // every one, live, across the outage
    });

    it('past SWITCHYARD_STORE_RETRY_S: SSE ends with store_unavailable; once it is back the runs resume from their checkpoints by themselves; no call is made twice', async () => {
      mock.reset();
      const restore = setEnv({ SWITCHYARD_STORE_RETRY_S: '1' });
      try {
        const ids = await inFlight('outage-give-up');
        const { sse } = await h.events(ids[0]);
        expect((await sse.next())?.event).toBe('run.started');
        pg.down();
        const downAt = Date.now();
        mock.release();
        const stream = await drain(sse); // ends while the database is still away
        expect(Date.now() - downAt).toBeLessThan(OUTAGE_MS);
        expect(stream.last?.event).toBe('error');
        expect(JSON.parse(stream.last!.data)).toMatchObject({ error: { code: 'store_unavailable', message: expect.stringMatching(/database is unavailable/) } });
        await sleep(OUTAGE_MS - (Date.now() - downAt));
        pg.up();

        const done = await finished(ids);
        for (const d of done) {
          expect(d.run.status).toBe('succeeded');
          const types = d.events.map((e) => e.type);
          const cut = d.events.find((e) => e.type === 'run.interrupted');
          expect(cut?.data).toMatchObject({ reason: 'store_unavailable' });
          expect(types.indexOf('run.resumed')).toBeGreaterThan(types.indexOf('run.interrupted'));
          // the first call finished while the database was away: written once it was back, recalled on resume
          const responses = d.events.filter((e) => e.type === 'llm.response');
          expect(responses.length).toBeGreaterThanOrEqual(CALLS_PER_RUN);
          expect(d.events.map((e) => e.seq)).toEqual(d.events.map((_, i) => i + 1));
        }
        expect(mock.count('a-call')).toBe(RUNS);
        expect(mock.count()).toBe(RUNS * CALLS_PER_RUN);
      } finally {
        restore();
      }
    });
  });
}
