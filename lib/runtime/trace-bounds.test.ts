import { describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { getDb } from '@/db/client';
import { listEvents } from '@/db/run-events';
import { getRun } from '@/db/runs';
import { fullPrompt } from '@/lib/contracts/llm-prompt';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { createEventRecorder } from './event-recorder';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { agentGraph } from './testing/graphs';
import { seedRun } from './testing/temp-db';
import { boundedData, capField, traceLimits } from './trace-bounds';

const MiB = 1024 * 1024;
const limits = { fieldMax: 1024, maxEvents: 8 };

describe('caps (pure)', () => {
  it('cuts a field at a byte count, never inside a character, and says how big it was', () => {
    expect(capField('abc', 1024)).toEqual({ text: 'abc' });
    const big = 'é'.repeat(1000); // 2000 bytes
    const c = capField(big, 1001);
    expect(c.original_bytes).toBe(2000);
    expect(Buffer.byteLength(c.text)).toBe(1000);
  });

  it('model text, tool args and results say truncated + original_bytes; other strings end with a note', () => {
    const long = 'x'.repeat(5000);
    expect(boundedData('llm.response', { content: long }, limits)).toMatchObject({ content: 'x'.repeat(1024), truncated: true, original_bytes: 5000 });
    expect(boundedData('tool.result', { tool: 't', output: long }, limits)).toMatchObject({ truncated: true, original_bytes: 5000 });
    const call = boundedData('tool.call', { tool: 't', type: 'http', args: { body: long } }, limits);
    expect(call).toMatchObject({ truncated: true, original_bytes: 5011 });
    expect(typeof call.args).toBe('string');
    const req = boundedData('llm.request', { messages: [{ role: 'user', content: long }] }, limits);
    expect((req.messages as object[])[0]).toMatchObject({ role: 'user', truncated: true, original_bytes: 5000 });
    const state = boundedData('state.updated', { after: { messages: [{ content: long }] } }, limits);
    expect(JSON.stringify(state)).toContain('… [truncated from 5000 bytes]');
    expect(JSON.stringify(state).length).toBeLessThan(1200);
  });

  it('reads its limits from the environment, with defaults', () => {
    expect(traceLimits({})).toEqual({ fieldMax: 256 * 1024, maxEvents: 20_000 });
    expect(traceLimits({ SWITCHYARD_TRACE_FIELD_MAX: '4096', SWITCHYARD_RUN_MAX_EVENTS: '50' })).toEqual({ fieldMax: 4096, maxEvents: 50 });
    expect(traceLimits({ SWITCHYARD_TRACE_FIELD_MAX: 'lots' }).fieldMax).toBe(256 * 1024);
  });
});

describe('the recorder, through HTTP and the mock model', () => {
  let mock: MockOpenAI;
  let h: Harness;
  withMockHarness((started) => ({ mock, h } = started));

  const traceBytes = (runId: string) =>
    (getDb().$client.prepare('select coalesce(sum(length(data)), 0) as n from run_events where run_id = ?').get(runId) as { n: number }).n;

  it('a 10 MB model reply stores at most 1 MiB of trace', async () => {
    mock.script([{ reply: { content: 'y'.repeat(10 * MiB), chunkSize: 256 * 1024 } }]);
    const runId = await h.startRun(await h.createGraph(agentGraph('huge-reply')), { input: 'say a lot' });
    const done = await h.waitForStatus(runId, ['succeeded', 'failed'], 30_000);
    expect(done.run.status).toBe('succeeded');
    expect(traceBytes(runId)).toBeLessThanOrEqual(MiB);
    const res = done.events.find((e) => e.type === 'llm.response')!;
    expect(res.data).toMatchObject({ truncated: true, original_bytes: 10 * MiB });
    expect(done.events.filter((e) => e.type === 'llm.delta').at(-1)?.data.truncated).toBe(true);
  });

  it('llm.request stores only the new messages; the full prompt is rebuilt from the node span', async () => {
    mock.script([
      { match: { turn: 1 }, reply: { tool_calls: [{ name: 'calc', arguments: { expression: '2+3' } }] } },
      { match: { turn: 2 }, reply: { content: 'Five.' } },
    ]);
    const doc = agentGraph('two-calls', { tools: { calc: { type: 'calculator' } }, agent: { tools: ['calc'], system_prompt: 'Use calc.' } });
    const runId = await h.startRun(await h.createGraph(doc), { input: 'Add 2 and 3' });
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    const requests = done.events.filter((e) => e.type === 'llm.request');
    expect(requests[0].data.messages_from).toBeUndefined();
    expect(requests[1].data).toMatchObject({ messages_from: 2 });
    expect((requests[1].data.messages as { role: string }[]).map((m) => m.role)).toEqual(['assistant', 'tool']);
    // What the model really got, per the mock, equals the rebuilt prompt.
    const sent = mock.chatRequests().at(-1)!.messages;
    expect(fullPrompt(requests).map((m) => [m.role, m.content ?? null])).toEqual(sent.map((m) => [m.role, m.content ?? null]));
  });

  it('past the event budget the run fails with event_budget (and says so in run.failed)', async () => {
    const restoreEnv = setEnv({ SWITCHYARD_RUN_MAX_EVENTS: '12' });
    try {
      mock.script([{ reply: { tool_calls: [{ name: 'calc', arguments: { expression: '1+1' } }] } }]);
      const doc = agentGraph('chatty', { tools: { calc: { type: 'calculator' } }, agent: { tools: ['calc'], max_steps: 50 } });
      const runId = await h.startRun(await h.createGraph(doc), { input: 'loop' });
      const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
      expect(done.run.status).toBe('failed');
      expect(done.run.error?.code).toBe('event_budget');
      expect(done.events.at(-1)?.type).toBe('run.failed');
      expect(done.events.length).toBeLessThanOrEqual(14);
    } finally {
      restoreEnv();
    }
  });

  it('writes for a run whose row is gone are dropped, never thrown (also from the delta timer)', () => {
    const run = seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0, deltaMs: 0 });
    rec.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'hi' } });
    getDb().$client.prepare('delete from runs where id = ?').run(run.id);
    expect(getRun(run.id)).toBeUndefined();
    rec.emit({ type: 'llm.delta', step: 1, span_id: 'l', data: { text: 'late' } });
    expect(() => rec.emit({ type: 'run.finished', step: 1, span_id: 'run', data: { output: 'x' } })).not.toThrow();
    expect(() => rec.flush()).not.toThrow();
    expect(listEvents(run.id)).toEqual([]);
  });
});
