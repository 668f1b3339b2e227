/**
 * A fork or a replay of a demo run (connection_override 'demo') is a demo run too: it starts on a
 * server with no connection configured, its row keeps the override, and its model calls go to the demo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRun } from '@/db/runs';
import type { CheckpointsResponse, DerivedRunResponse } from '@/lib/contracts/time-travel';
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

const example = loadExamples().find((d) => d.name === 'writer-reviewer')!;

/** A finished demo run of the writer-reviewer example, playing its script. */
async function demoParent(): Promise<string> {
  const graphId = await h.createGraph({ ...example, name: `writer-reviewer-derived-${Math.random().toString(36).slice(2, 8)}` });
  const input = loadDemoScripts('writer-reviewer')[0].input;
  const start = await h.call<{ run_id: string }>('POST', `/api/graphs/${graphId}/runs`, { input, connection_override: 'demo' });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const done = await h.waitForStatus(start.body.run_id, ['succeeded', 'failed']);
  expect(done.run.status).toBe('succeeded');
  return start.body.run_id;
}

async function expectDemoRun(runId: string) {
  expect(getRun(runId)?.connectionOverride).toBe('demo');
  const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
  expect(done.run.error).toBeNull();
  expect(done.run.status).toBe('succeeded');
  return done;
}

describe('forks and replays of a demo run', () => {
  it('a fork from a step before a model call runs on the demo, with no connection configured', async () => {
    const parent = await demoParent();
    const cps = await h.call<CheckpointsResponse>('GET', `/api/runs/${parent}/checkpoints`);
    const cp = cps.body.checkpoints.find((c) => c.next.includes('reviewer'))!;
    expect(cp).toBeDefined();
    const fork = await h.call<DerivedRunResponse>('POST', `/api/runs/${parent}/fork`, { step: cp.step });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
    const { events } = await expectDemoRun(fork.body.run_id);
    const requests = events.filter((e) => e.type === 'llm.request');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((e) => e.data.connection === 'demo')).toBe(true);
  });

  it('a replay runs on the demo too, with no connection configured', async () => {
    const parent = await demoParent();
    const replay = await h.call<DerivedRunResponse>('POST', `/api/runs/${parent}/replay`, {});
    expect(replay.status, JSON.stringify(replay.body)).toBe(201);
    await expectDemoRun(replay.body.run_id);
  });

  it('a fork of a run that did not use the demo still needs its connection (never chosen silently)', async () => {
    const graphId = await h.createGraph({ ...example, name: 'writer-reviewer-no-demo' });
    const runId = await h.startRun(graphId, { input: 'Write a haiku about trains.' });
    const failed = await h.waitForStatus(runId, ['failed', 'succeeded']);
    expect(failed.run.error?.code).toBe('no_connection');
    const replay = await h.call<{ error: { code: string } }>('POST', `/api/runs/${runId}/replay`, {});
    expect(replay.body.error?.code).toBe('no_connection');
  });
});
