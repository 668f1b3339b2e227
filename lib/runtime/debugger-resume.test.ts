/**
 * Through HTTP, the debugger's decisions: a state edited at a breakpoint changes the run's result
 * (and is refused with 422 when it does not fit the channels), a human rejection ends the run
 * `rejected` with its reason, and the trace records each decision.
 */
import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { GraphDocument } from '@/lib/graph/schema';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { humanGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;

withMockHarness((started) => ({ mock, h } = started));

/** classify (writes `route`) -> check -> (route == "refund" ? refund : other) -> END. */
function routeGraph(name: string): GraphDocument {
  const agent = (system_prompt: string, output?: string) => ({ role: 'agent' as const, strategy: 'tool_calling' as const, system_prompt, ...(output ? { output } : {}) });
  return {
    switchyard: 1,
    name,
    models: { default: { connection: 'default', model: 'mock-model', temperature: 0 } },
    state: { route: { type: 'string' } },
    nodes: { classify: agent('Classify the request.', 'route'), check: agent('Check the case.'), refund: agent('Issue the refund.'), other: agent('Decline politely.') },
    edges: [
      { from: 'START', to: 'classify' },
      { from: 'classify', to: 'check' },
      { from: 'check', branches: [{ when: 'state.route == "refund"', to: 'refund' }, { else: 'other' }] },
      { from: 'refund', to: 'END' },
      { from: 'other', to: 'END' },
    ],
  };
}

function scriptRoutes() {
  mock.script([
    { match: { systemContains: 'Classify' }, reply: { content: 'other' } },
    { match: { systemContains: 'Check' }, reply: { content: 'checked' } },
    { match: { systemContains: 'Issue the refund' }, reply: { content: 'Refund issued.' } },
    { match: { systemContains: 'Decline' }, reply: { content: 'No refund.' } },
  ]);
}

describe('state edited at a breakpoint', () => {
  it('continue with an edited channel changes the route and the result; the trace records the edit', async () => {
    scriptRoutes();
    const graphId = await h.createGraph(routeGraph('edit-at-breakpoint'));
    const plain = await h.startRun(graphId, { input: 'My parcel is broken', breakpoints: ['check'] });
    await h.waitForStatus(plain, ['paused']);
    expect((await h.call('POST', `/api/runs/${plain}/resume`, { value: { action: 'continue' } })).status).toBe(202);
    expect((await h.waitForStatus(plain, ['succeeded', 'failed'])).run.output).toBe('No refund.');

    const runId = await h.startRun(graphId, { input: 'My parcel is broken', breakpoints: ['check'] });
    await h.waitForStatus(runId, ['paused']);
    const res = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'continue', state: { route: 'refund' } } });
    expect(res.status).toBe(202);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run).toMatchObject({ status: 'succeeded', output: 'Refund issued.' });
    const resumed = done.events.find((e) => e.type === 'run.resumed')!;
    expect(resumed.data).toMatchObject({ action: 'continue', node: 'check', edited: ['route'] });
    const edit = done.events.find((e) => e.type === 'state.updated' && e.data.reason)!;
    expect(edit).toMatchObject({ node: 'check', data: { reason: 'edited at breakpoint', changed: ['route'], set: { route: 'refund' } } });
  });

  it('refuses a state that does not fit the channels with 422 naming the path; the run stays paused', async () => {
    scriptRoutes();
    const graphId = await h.createGraph(routeGraph('bad-edit'));
    const runId = await h.startRun(graphId, { input: 'x', breakpoints: ['check'] });
    await h.waitForStatus(runId, ['paused']);
    const wrongType = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'continue', state: { route: 7 } } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.error).toMatchObject({ code: 'invalid_state', message: expect.stringMatching(/^state\.route: channel "route" is string/) });
    const badMessage = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'step', state: { messages: [{ role: 'robot', content: 'x' }] } } });
    expect(badMessage.status).toBe(422);
    expect(badMessage.body.error.message).toMatch(/^state\.messages\[0\]\.role/);
    // A state only fits continue / step / approve.
    expect((await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'reject', state: { route: 'x' } } })).status).toBe(400);
    expect((await h.run(runId)).run.status).toBe('paused');
  });
});

describe('human decisions', () => {
  const DRAFT = 'Draft: Switchyard 1.0 ships today.';
  function scriptApproval() {
    mock.script([
      { match: { systemContains: 'one-line draft' }, reply: { content: DRAFT } },
      { match: { systemContains: 'Announce' }, reply: { content: 'Announced.' } },
    ]);
  }

  it('reject gives status `rejected`, with the reason in the run and in the trace', async () => {
    scriptApproval();
    const graphId = await h.createGraph(humanGraph('decision-reject'));
    const runId = await h.startRun(graphId, { input: 'Release notes' });
    await h.waitForStatus(runId, ['paused']);
    expect((await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'reject', reason: 'not yet' } })).status).toBe(202);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed', 'rejected']);
    expect(done.run).toMatchObject({ status: 'rejected', output: null, error: { code: 'rejected', message: 'Rejected at "approve": not yet' } });
    expect(done.run.finished_at).not.toBeNull();
    expect(done.events.find((e) => e.type === 'run.resumed')).toMatchObject({ node: 'approve', data: { action: 'reject', reason: 'not yet' } });
    expect(done.events.at(-1)).toMatchObject({ type: 'run.finished', data: { status: 'rejected', rejected: { node: 'approve', reason: 'not yet' } } });
    // A rejected run is over: it cannot be resumed or cancelled.
    expect((await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } })).status).toBe(409);
    expect((await h.call('POST', `/api/runs/${runId}/cancel`, {})).status).toBe(409);
  });

  it('approve records the decision; an edited state at the human step is recorded with it', async () => {
    scriptApproval();
    const graphId = await h.createGraph(humanGraph('decision-approve'));
    const runId = await h.startRun(graphId, { input: 'Release notes' });
    await h.waitForStatus(runId, ['paused']);
    const messages = [
      { role: 'user', content: 'Release notes' },
      { role: 'assistant', name: 'writer', content: 'Draft: edited by hand.' },
    ];
    expect((await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve', state: { messages } } })).status).toBe(202);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed', 'rejected']);
    expect(done.run.status).toBe('succeeded');
    expect(done.events.find((e) => e.type === 'run.resumed')).toMatchObject({ node: 'approve', data: { action: 'approve' } });
    expect(done.events.find((e) => e.type === 'state.updated' && e.data.reason)).toMatchObject({ node: 'approve', data: { reason: 'edited at human step', changed: ['messages'] } });
  });
});
