/**
 * The built-in demo model (issue 12 item 2) on a server with no key: each example graph runs with
 * `connection_override: 'demo'` through the real openai client to the in-process demo, playing
 * its scripted conversation (streamed deltas, tool calls, scripted observations marked demo);
 * any other input gets the plain explanation and still lets the graph finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EXPLANATION } from '@/lib/contracts/runs';
import type { TraceEvent } from '@/lib/contracts/trace';
import { loadDemoScripts } from '@/lib/llm/demo/scripts-store';
import { loadExamples } from '@/lib/server/examples';
import { startHarness, type Harness } from './testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, SWITCHYARD_DEMO_DELAY_MS: '0' });
});
afterAll(async () => {
  await h?.close();
});

const examples = loadExamples();
const ofType = (events: TraceEvent[], type: string) => events.filter((e) => e.type === type);

/** Starts a demo run and carries it to its end, approving any human step. */
async function demoRun(graphId: string, input: string) {
  const start = await h.call<{ run_id: string }>('POST', `/api/graphs/${graphId}/runs`, { input, connection_override: 'demo' });
  expect(start.status).toBe(201);
  let done = await h.waitForStatus(start.body.run_id, ['succeeded', 'failed', 'paused']);
  for (let i = 0; done.run.status === 'paused' && i < 5; i++) {
    const res = await h.call('POST', `/api/runs/${start.body.run_id}/resume`, { value: { action: 'approve' } });
    expect(res.status).toBeLessThan(300);
    done = await h.waitForStatus(start.body.run_id, ['succeeded', 'failed', 'paused']);
  }
  return done;
}

describe('the demo connection', () => {
  it('refuses a run without a connection unless the demo is asked for (never chosen silently)', async () => {
    const graphId = await h.createGraph(examples.find((d) => d.name === 'writer-reviewer')!);
    const runId = await h.startRun(graphId, { input: 'Write a haiku about trains.' });
    const { run } = await h.waitForStatus(runId, ['failed', 'succeeded']);
    expect(run.error?.code).toBe('no_connection');
  });

  for (const doc of examples) {
    const scripts = loadDemoScripts(doc.name);
    it(`plays the scripted conversation of ${doc.name}`, async () => {
      expect(scripts.length).toBeGreaterThan(0);
      const script = scripts[0];
      const graphId = await h.createGraph({ ...doc, name: `${doc.name}-2` }); // a copy plays the example's script
      const { run, events } = await demoRun(graphId, script.input);
      expect(run.error).toBeNull();
      expect(run.status).toBe('succeeded');
      // every scripted reply was played, streamed in deltas
      const scripted = Object.values(script.replies).reduce((n, r) => n + r.length, 0);
      expect(ofType(events, 'llm.response')).toHaveLength(scripted);
      const texts = Object.values(script.replies).flat().filter((r) => typeof r === 'string' || !!r.content).length;
      expect(ofType(events, 'llm.delta').length).toBeGreaterThanOrEqual(texts); // deltas of one tick are batched into one event
      expect(JSON.stringify(run.output)).not.toContain(DEMO_EXPLANATION);
      expect(run.usage?.total_tokens).toBeGreaterThan(0);
      expect(run.usage?.cost_usd ?? 0).toBe(0);
      expect(ofType(events, 'llm.request').every((e) => e.data.connection === 'demo')).toBe(true);
      // scripted observations are marked as the demo's
      for (const e of ofType(events, 'tool.result')) {
        const name = String(e.data.tool ?? e.data.name ?? '');
        if (Object.hasOwn(script.tools, name)) expect(e.data.demo).toBe(true);
      }
    });

    it(`says plainly what it is for any other input to ${doc.name}, and the run still finishes`, async () => {
      const graphId = await h.createGraph({ ...doc, name: `${doc.name}-other` });
      const { run, events } = await demoRun(graphId, 'Tell me a joke about databases.');
      expect(run.status).toBe('succeeded');
      const texts = ofType(events, 'llm.response').map((e) => JSON.stringify(e.data));
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.every((t) => t.includes(DEMO_EXPLANATION))).toBe(true);
    });
  }
});
