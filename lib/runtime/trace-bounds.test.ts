import { describe, expect, it, onTestFinished } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { getDb } from '@/db/client';
import { listEvents } from '@/db/run-events';
import { getRun } from '@/db/runs';
import { promptResolver } from '@/lib/contracts/llm-prompt';
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
    // Under the reply cap (SWITCHYARD_MAX_REPLY_BYTES, 4 MiB by default: lib/runtime/reply-cap-run.test.ts) for this test.
    const cap = process.env.SWITCHYARD_MAX_REPLY_BYTES;
    process.env.SWITCHYARD_MAX_REPLY_BYTES = String(16 * MiB);
    onTestFinished(() => {
      if (cap === undefined) delete process.env.SWITCHYARD_MAX_REPLY_BYTES;
      else process.env.SWITCHYARD_MAX_REPLY_BYTES = cap;
    });
    mock.script([{ reply: { content: 'y'.repeat(10 * MiB), chunkSize: 256 * 1024 } }]);
    const runId = await h.startRun(await h.createGraph(agentGraph('huge-reply')), { input: 'say a lot' });
    const done = await h.waitForStatus(runId, ['succeeded', 'failed'], 30_000);
    expect(done.run.status).toBe('succeeded');
    expect(traceBytes(runId)).toBeLessThanOrEqual(MiB);
    const res = done.events.find((e) => e.type === 'llm.response')!;
    expect(res.data).toMatchObject({ truncated: true, original_bytes: 10 * MiB });
    expect(done.events.filter((e) => e.type === 'llm.delta').at(-1)?.data.truncated).toBe(true);
  });

  it('llm.request stores only what the node did not send before; the resolved prompt is exactly what the model received', async () => {
    // One agent answering three times in a loop (steps), with a tool call inside each step.
    const calc = { tool_calls: [{ name: 'calc', arguments: { expression: '2+3' } }] };
    mock.script([
      { reply: calc, times: 1 },
      { reply: { content: 'Five.' }, times: 1 },
      { reply: calc, times: 1 },
      { reply: { content: 'Still five.' }, times: 1 },
      { reply: calc, times: 1 },
      { reply: { content: 'Five, again.' }, times: 1 },
    ]);
    const history = Array.from({ length: 40 }, (_, k) => ({ role: k % 2 ? 'assistant' : 'user', content: `earlier turn ${k}` }));
    const doc = agentGraph('loop-calls', {
      tools: { calc: { type: 'calculator' } },
      agent: { tools: ['calc'], system_prompt: 'Use calc.' },
      edges: [
        { from: 'START', to: 'agent' },
        { from: 'agent', branches: [{ when: 'size(state.messages) < 43', to: 'agent' }, { else: 'END' }] },
      ],
    });
    const runId = await h.startRun(await h.createGraph(doc), { input: 'Add 2 and 3', inputs: { messages: history } });
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    const requests = done.events.filter((e) => e.type === 'llm.request');
    const sent = mock.chatRequests().slice(-6).map((r) => r.messages);
    expect(requests).toHaveLength(6);
    expect(sent).toHaveLength(6);
    // Only the first request holds the whole history; every later one refers to the previous one.
    expect(requests[0].data.messages_ref).toBeUndefined();
    expect((requests[0].data.messages as unknown[]).length).toBe(41);
    const common = (a: unknown[], b: unknown[]) => {
      let k = 0;
      while (k < Math.min(a.length, b.length) && JSON.stringify(a[k]) === JSON.stringify(b[k])) k++;
      return k;
    };
    for (let i = 1; i < 6; i++) {
      expect(requests[i].data.messages_ref).toEqual({ seq: requests[i - 1].seq, count: common(sent[i - 1], sent[i]) });
      expect(common(sent[i - 1], sent[i])).toBeGreaterThanOrEqual(41);
      expect((requests[i].data.messages as unknown[]).length).toBeLessThanOrEqual(2);
    }
    // The resolved prompt of every call is, field for field, what the mock model received over HTTP.
    const resolve = promptResolver(listEvents(runId, 0));
    for (let i = 0; i < 6; i++) expect(resolve(requests[i])).toEqual({ messages: sent[i], complete: true });
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

  it('writes for a run whose row is gone are dropped, never thrown (also from the delta timer)', async () => {
    const run = await seedRun();
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

describe('caps copy only what they cut', () => {
  it('keeps uncut values as they are, copies the path to a cut string, never changes the emitted data', () => {
    const state = { messages: [{ role: 'user', content: 'short' }], notes: ['x'.repeat(2000)] };
    const data = { changed: ['notes'], set: state };
    const out = boundedData('state.updated', data, { fieldMax: 1024, maxEvents: 10 }) as { set: typeof state };
    expect(out.set.messages).toBe(state.messages);
    expect(out.set.notes[0]).toMatch(/… \[truncated from 2000 bytes\]$/);
    expect(state.notes[0]).toHaveLength(2000);
    const res = { content: 'y'.repeat(5000) };
    boundedData('llm.response', res, { fieldMax: 1024, maxEvents: 10 });
    expect(res).toEqual({ content: 'y'.repeat(5000) });
    const call = { tool: 't', args: { q: 'z'.repeat(5000) } };
    boundedData('tool.call', call, { fieldMax: 1024, maxEvents: 10 });
    expect(call.args.q).toHaveLength(5000);
    expect(call).not.toHaveProperty('truncated');
  });
});
