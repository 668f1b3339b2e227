/**
 * Through HTTP: human pauses resumed with approve and with reject (also after a simulated server
 * restart), restart recovery of a run cut short mid-step, cancel mid-stream (the model request is
 * closed), the 409s of resume and cancel, and a run with no model connection.
 */
import { describe, expect, it, vi } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { agentGraph, humanGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;

// Auto-resume off: the restart test resumes the interrupted run by hand (activities-crash.test.ts covers the automatic one).
withMockHarness((started) => ({ mock, h } = started), { SWITCHYARD_SSE_HEARTBEAT_MS: '50', SWITCHYARD_AUTO_RESUME: 'off' });

const DRAFT = 'Draft: Switchyard 1.0 ships today.';
const ANNOUNCE = 'Announced: Switchyard 1.0.';
function scriptApproval() {
  mock.script([
    { name: 'writer', match: { systemContains: 'one-line draft' }, reply: { content: DRAFT } },
    { name: 'publish', match: { systemContains: 'Announce' }, reply: { content: ANNOUNCE } },
  ]);
}
const types = (events: TraceEvent[]) => events.map((e) => e.type);

describe('human pause', () => {
  it('pauses at the human node with its prompt, and approve continues to the publish step', async () => {
    scriptApproval();
    const graphId = await h.createGraph(humanGraph('approve-flow'));
    const runId = await h.startRun(graphId, { input: 'Release notes' });
    const paused = await h.waitForStatus(runId, ['paused', 'failed']);
    expect(paused.run.status).toBe('paused');
    const interrupted = paused.events.find((e) => e.type === 'run.interrupted')!;
    expect(interrupted.data).toMatchObject({ kind: 'human', node: 'approve', prompt: 'Publish this draft?', value: DRAFT });

    // the SSE stream of a paused run stays open (heartbeats) and carries the resumed part live
    const { sse } = await h.events(runId, { lastEventId: interrupted.seq });
    const reading = h.collect(sse);
    await vi.waitFor(() => expect(sse.comments.some((c) => c.startsWith('heartbeat'))).toBe(true));
    const res = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } });
    expect(res.status).toBe(202);
    const rest = await reading;
    expect(rest[0].seq).toBe(interrupted.seq + 1);
    expect(types(rest)).toContain('run.resumed');
    expect(rest.at(-1)!.type).toBe('run.finished');

    const done = await h.waitForStatus(runId, ['succeeded']);
    const finished = done.events.at(-1)!;
    const state = finished.data.state as { decision: string; messages: Array<{ role: string; content: string }> };
    expect(state.decision).toBe('approved');
    expect(state.messages.at(-1)).toMatchObject({ role: 'assistant', content: ANNOUNCE });
    expect(mock.count('publish')).toBeGreaterThanOrEqual(1);
  });

  it('reject ends the run `rejected` without publishing, with the reason', async () => {
    scriptApproval();
    const graphId = await h.createGraph(humanGraph('reject-flow'));
    const runId = await h.startRun(graphId, { input: 'Release notes' });
    await h.waitForStatus(runId, ['paused']);
    const before = mock.count('publish');
    const res = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'reject', reason: 'too vague' } });
    expect(res.status).toBe(202);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed', 'rejected']);
    expect(done.run.status).toBe('rejected');
    expect(done.run.error).toEqual({ code: 'rejected', message: 'Rejected at "approve": too vague' });
    const state = done.events.at(-1)!.data.state as { decision: string; messages: Array<{ content: string }> };
    expect(state.decision).toBe('rejected');
    expect(state.messages.map((m) => m.content)).toContain('Rejected: too vague');
    expect(mock.count('publish')).toBe(before);
  });

  it('refuses a resume value that does not fit the pause, and a second resume of the same pause', async () => {
    mock.script([{ match: { systemContains: 'one-line draft' }, reply: { content: DRAFT } }, { reply: { content: ANNOUNCE, delayMs: 200 } }]);
    const graphId = await h.createGraph(humanGraph('bad-resume'));
    const runId = await h.startRun(graphId, { input: 'x' });
    await h.waitForStatus(runId, ['paused']);
    const wrong = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'continue' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/approve/);
    const malformed = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'launch' } });
    expect(malformed.status).toBe(400);
    expect((await h.run(runId)).run.status).toBe('paused');
    const first = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } });
    const second = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } });
    expect(first.status).toBe(202);
    expect(second.status).toBe(409);
    await h.waitForStatus(runId, ['succeeded']);
    const after = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } });
    expect(after.status).toBe(409);
    expect(after.body.error.code).toBe('conflict');
  });

  it.each([
    ['approve', { action: 'approve' }, 'approved', 'succeeded'],
    ['reject', { action: 'reject', reason: 'no' }, 'rejected', 'rejected'],
  ] as const)('resumes with %s after the server restarts', async (_label, value, decision, status) => {
    scriptApproval();
    const graphId = await h.createGraph(humanGraph(`restart-${decision}`));
    const runId = await h.startRun(graphId, { input: 'Release notes' });
    const paused = await h.waitForStatus(runId, ['paused']);
    await h.restart();
    const after = await h.run(runId);
    expect(after.run.status).toBe('paused'); // a human pause survives a restart as it is
    expect(after.events).toEqual(paused.events);
    const res = await h.call('POST', `/api/runs/${runId}/resume`, { value });
    expect(res.status).toBe(202);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed', 'rejected']);
    expect(done.run.status).toBe(status);
    expect((done.events.at(-1)!.data.state as { decision: string }).decision).toBe(decision);
    expect(done.events.map((e) => e.seq)).toEqual(done.events.map((_, i) => i + 1));
  });
});

describe('server restart in the middle of a step', () => {
  it('marks the run interrupted, and resume continues it from its last checkpoint', async () => {
    mock.script([
      { name: 'hang', times: 1, reply: { content: 'never finished', chunkSize: 3, stallAfter: 2 } },
      { name: 'answer', reply: { content: 'Finished after the restart.' } },
    ]);
    const graphId = await h.createGraph(agentGraph('restart-mid-step'));
    const runId = await h.startRun(graphId, { input: 'Go' });
    const { sse } = await h.events(runId);
    await h.collect(sse, (e) => e.type === 'llm.delta');
    await h.restart();
    const cut = await h.run(runId);
    expect(cut.run.status).toBe('interrupted');
    const marker = cut.events.at(-1)!;
    expect(marker).toMatchObject({ type: 'run.interrupted', data: { reason: 'server_restart' } });
    expect(String(marker.data.prompt)).toMatch(/restarted/);
    // nothing recorded before the restart was lost
    expect(types(cut.events)).toContain('llm.delta');

    const wrong = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } });
    expect(wrong.status).toBe(400);
    const res = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'continue' } });
    expect(res.status).toBe(202);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.output).toBe('Finished after the restart.');
    expect(types(done.events.slice(cut.events.length))).toContain('run.resumed');
  });
});

describe('cancel', () => {
  it('cancels mid-stream: the model request is closed and the run ends cancelled', async () => {
    mock.script([{ name: 'stall', reply: { content: 'a long answer that never ends', chunkSize: 3, stallAfter: 2 } }]);
    const graphId = await h.createGraph(agentGraph('cancel-me'));
    const runId = await h.startRun(graphId, { input: 'Talk forever' });
    const { sse } = await h.events(runId);
    await h.collect(sse, (e) => e.type === 'llm.delta');
    const closed = mock.waitForClientClose();
    const res = await h.call('POST', `/api/runs/${runId}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.run.status).toBe('cancelled');
    const rec = await closed;
    expect(rec.path).toBe('/v1/chat/completions');
    expect(rec.clientClosed).toBe(true);
    const { events } = await h.run(runId);
    expect(events.at(-1)!.type).toBe('run.cancelled');
    const again = await h.call('POST', `/api/runs/${runId}/cancel`);
    expect(again.status).toBe(409);
  });

  it('cancels a paused run, which then cannot be resumed', async () => {
    scriptApproval();
    const graphId = await h.createGraph(humanGraph('cancel-paused'));
    const runId = await h.startRun(graphId, { input: 'x' });
    await h.waitForStatus(runId, ['paused']);
    const res = await h.call('POST', `/api/runs/${runId}/cancel`);
    expect(res.body.run.status).toBe('cancelled');
    expect((await h.run(runId)).events.at(-1)!.type).toBe('run.cancelled');
    expect((await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } })).status).toBe(409);
  });

  it('a client leaving the SSE stream does not cancel the run', async () => {
    mock.script([{ reply: { content: 'slow but sure', chunkSize: 2, delayMs: 20 } }]);
    const graphId = await h.createGraph(agentGraph('leave-early'));
    const runId = await h.startRun(graphId, { input: 'x' });
    const leave = new AbortController();
    const { sse } = await h.events(runId, { signal: leave.signal });
    await sse.next();
    leave.abort();
    const done = await h.waitForStatus(runId, ['succeeded', 'cancelled', 'failed']);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.output).toBe('slow but sure');
  });
});

describe('model connections', () => {
  it('without any connection, a run fails at once saying how to configure one', async () => {
    const restoreEnv = setEnv({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined });
    try {
      const before = mock.count();
      const graphId = await h.createGraph(agentGraph('no-connection'));
      const runId = await h.startRun(graphId, { input: 'hi' });
      const { run, events } = await h.run(runId);
      expect(run.status).toBe('failed');
      expect(run.error?.code).toBe('no_connection');
      expect(run.error?.message).toMatch(/OPENAI_API_KEY/);
      expect(run.error?.message).toMatch(/Settings|\/api\/connections/);
      expect(types(events)).toEqual(['run.failed']);
      expect(mock.count()).toBe(before);
    } finally {
      restoreEnv();
    }
  });

  it('a saved connection is used by graphs that name it; its key is never returned', async () => {
    mock.script([{ reply: { content: 'via the saved connection' } }]);
    const created = await h.call('POST', '/api/connections', { name: 'local', base_url: mock.url, api_key: 'sk-local-secret-9876' });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain('secret');
    const doc = agentGraph('saved-connection', { models: { default: { connection: 'local', model: 'm' } } });
    const runId = await h.startRun(await h.createGraph(doc), { input: 'hi' });
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.output).toBe('via the saved connection');
    const sent = mock.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-local-secret-9876');
    await vi.waitFor(async () => expect((await h.call('DELETE', '/api/connections/local')).status).toBe(204));
  });
});
