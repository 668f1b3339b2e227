/**
 * Time travel through HTTP (issue 13): every step's checkpoint is listed; a fork at step 2 with an
 * edited state takes another branch and records its parent; a replay after a prompt edit of one
 * node calls the model only for that node and the nodes after it (the mock counts the requests),
 * reusing the recorded tool call too; a diff of two runs reports the differing branch and the
 * token delta; and the failures (unknown step, bad state, unknown run) answer with clear errors.
 */
import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { GraphDocument } from '@/lib/graph/schema';
import type { CheckpointsResponse, DerivedRunResponse, RunDiffResponse } from '@/lib/contracts/time-travel';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { triageGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;

withMockHarness((started) => ({ mock, h } = started));

const models = { default: { connection: 'default', model: 'mock-model', temperature: 0 } };
const agent = (system_prompt: string, extra: Record<string, unknown> = {}) => ({ role: 'agent', strategy: 'tool_calling', system_prompt, ...extra }) as GraphDocument['nodes'][string];
const usage = (prompt_tokens: number, completion_tokens: number) => ({ prompt_tokens, completion_tokens });

function scriptTriage() {
  mock.script([
    { name: 'intake', match: { systemContains: 'Restate' }, reply: { content: 'The customer asks about shipping.', usage: usage(10, 5) } },
    { name: 'classify', match: { systemContains: 'Classify' }, reply: { content: 'question', usage: usage(12, 1) } },
    { name: 'draft', match: { systemContains: 'Draft' }, reply: { content: 'Dear customer,', usage: usage(20, 3) } },
    { name: 'refund', match: { systemContains: 'refund.' }, reply: { content: 'Refund issued.', usage: usage(30, 4) } },
    { name: 'answer', match: { systemContains: 'Answer the question' }, reply: { content: 'It ships tomorrow.', usage: usage(25, 6) } },
  ]);
}

const nodesStarted = (events: TraceEvent[]) => events.filter((e) => e.type === 'node.started').map((e) => e.node);

async function finished(runId: string) {
  const d = await h.waitForStatus(runId, ['succeeded', 'failed', 'cancelled', 'paused']);
  expect(d.run.status, JSON.stringify(d.events.filter((e) => e.type === 'run.failed'))).toBe('succeeded');
  return d;
}

describe('checkpoints and fork', () => {
  it('keeps every step, and a fork at step 2 with an edited route takes the other branch', async () => {
    scriptTriage();
    const graphId = await h.createGraph(triageGraph('triage-fork'));
    const parentId = await h.startRun(graphId, { input: 'When does my order ship?' });
    const parent = await finished(parentId);
    expect(nodesStarted(parent.events)).toEqual(['intake', 'classify', 'draft', 'answer']);

    const cps = await h.call<CheckpointsResponse>('GET', `/api/runs/${parentId}/checkpoints`);
    expect(cps.status).toBe(200);
    expect(cps.body.checkpoints.map((c) => [c.step, c.next])).toEqual([
      [0, ['intake']],
      [1, ['classify']],
      [2, ['draft']],
      [3, ['answer']],
      [4, []],
    ]);
    expect(cps.body.checkpoints[2].state.route).toBe('question');

    const before = mock.count();
    const fork = await h.call<DerivedRunResponse>('POST', `/api/runs/${parentId}/fork`, { step: 2, state: { route: 'refund' } });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
    const forked = await finished(fork.body.run_id);
    expect(nodesStarted(forked.events)).toEqual(['draft', 'refund']);
    expect(mock.count() - before).toBe(2);
    expect(forked.run).toMatchObject({ parent_run_id: parentId, forked_from_step: 2, origin: 'fork' });
    const started = forked.events.find((e) => e.type === 'run.started')!;
    expect(started.data.derived_from).toEqual({ run_id: parentId, origin: 'fork', step: 2 });
    // The fork's own history starts at the step it forked from.
    const forkCps = await h.call<CheckpointsResponse>('GET', `/api/runs/${fork.body.run_id}/checkpoints`);
    expect(forkCps.body.checkpoints.map((c) => c.step)).toEqual([2, 3, 4]);
    expect(forkCps.body.checkpoints[0].state.route).toBe('refund');

    // The diff reports the branch that differs and the token delta.
    const diff = await h.call<RunDiffResponse>('GET', `/api/runs/diff?a=${parentId}&b=${fork.body.run_id}`);
    expect(diff.status).toBe(200);
    const draft = diff.body.rows.find((r) => r.step === 3 && r.node === 'draft')!;
    expect(draft.branch_differs).toBe(true);
    expect([draft.a?.branches, draft.b?.branches]).toEqual([['answer'], ['refund']]);
    expect(diff.body.rows.filter((r) => r.step === 4).map((r) => [r.node, r.kind])).toEqual([
      ['answer', 'only_a'],
      ['refund', 'only_b'],
    ]);
    expect(diff.body.rows.filter((r) => r.step <= 2).map((r) => r.kind)).toEqual(['only_a', 'only_a']);
    expect(diff.body.first_difference).toEqual({ step: 1, node: 'intake' });
    // parent: 15 + 13 + 23 + 31 = 82 tokens; fork: 23 + 34 = 57.
    expect(diff.body.totals.tokens).toEqual({ a: 82, b: 57, delta: -25 });
    expect(diff.body.totals.model_calls).toEqual({ a: 4, b: 2, delta: -2 });
    const refundRow = diff.body.rows.find((r) => r.node === 'refund')!;
    expect(refundRow.tokens).toEqual({ a: null, b: 34, delta: null });
    expect(diff.body.output_diff.some((c) => c.added && c.value.includes('Refund'))).toBe(true);
  });

  it('refuses a step that does not exist, a state that does not fit the channels, and unknown runs', async () => {
    scriptTriage();
    const graphId = await h.createGraph(triageGraph('triage-errors'));
    const runId = await h.startRun(graphId, { input: 'Where is my parcel?' });
    await finished(runId);

    const noStep = await h.call('POST', `/api/runs/${runId}/fork`, { step: 9 });
    expect(noStep.status).toBe(404);
    expect(noStep.body.error.code).toBe('unknown_step');
    expect(noStep.body.error.message).toContain('no checkpoint at step 9 (its steps: 0, 1, 2, 3, 4)');

    const badType = await h.call('POST', `/api/runs/${runId}/fork`, { step: 2, state: { route: 5 } });
    expect(badType.status).toBe(422);
    expect(badType.body.error.message).toMatch(/^state\.route: channel "route" is string/);

    const badMessage = await h.call('POST', `/api/runs/${runId}/fork`, { step: 2, state: { messages: [{ role: 'user', content: 'hi' }, { role: 'robot', content: 'x' }] } });
    expect(badMessage.status).toBe(422);
    expect(badMessage.body.error.message).toMatch(/^state\.messages\[1\]\.role:/);

    const unknownChannel = await h.call('POST', `/api/runs/${runId}/fork`, { step: 2, state: { mood: 'happy' } });
    expect(unknownChannel.status).toBe(422);
    expect(unknownChannel.body.error.message).toContain('state.mood: there is no state channel "mood"');

    expect((await h.call('POST', '/api/runs/nope/fork', { step: 0 })).status).toBe(404);
    expect((await h.call('POST', '/api/runs/nope/replay', {})).status).toBe(404);
    expect((await h.call('GET', '/api/runs/nope/checkpoints')).status).toBe(404);
    const diff = await h.call('GET', `/api/runs/diff?a=${runId}&b=nope`);
    expect(diff.status).toBe(404);
    expect(diff.body.error.message).toContain('Run nope not found');
  });
});

describe('replay from recordings', () => {
  /** plan (calls the calculator) → write → polish. */
  function chainGraph(name: string, writePrompt: string): GraphDocument {
    return {
      switchyard: 1,
      name,
      models,
      tools: { calc: { type: 'calculator', description: 'Arithmetic.' } },
      nodes: {
        plan: agent('Plan the post.', { tools: ['calc'] }),
        write: agent(writePrompt),
        polish: agent('Polish the text.'),
      },
      edges: [
        { from: 'START', to: 'plan' },
        { from: 'plan', to: 'write' },
        { from: 'write', to: 'polish' },
        { from: 'polish', to: 'END' },
      ],
    } as GraphDocument;
  }

  it('after a prompt edit of one node, calls the model only for that node and the nodes after it', async () => {
    mock.script([
      { name: 'plan-tool', match: { systemContains: 'Plan the post', turn: 1 }, reply: { tool_calls: [{ name: 'calc', arguments: { expression: '6*7' } }] } },
      { name: 'plan', match: { systemContains: 'Plan the post', turn: 2 }, reply: { content: 'Plan: 42 words.' } },
      { name: 'write-v2', match: { systemContains: 'Write it as a haiku' }, reply: { content: 'Haiku text.' } },
      { name: 'write', match: { systemContains: 'Write it' }, reply: { content: 'Plain text.' } },
      { name: 'polish', match: { systemContains: 'Polish' }, reply: { content: 'Polished.' } },
    ]);
    const doc = chainGraph('replay-chain', 'Write it plainly.');
    const graphId = await h.createGraph(doc);
    const start = mock.count();
    const runId = await h.startRun(graphId, { input: 'A post about 42' });
    await finished(runId);
    expect(mock.count() - start).toBe(4);

    // An unchanged replay calls nothing: every call comes from the recordings.
    const same = await h.call<DerivedRunResponse>('POST', `/api/runs/${runId}/replay`, {});
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    const sameRun = await finished(same.body.run_id);
    expect(mock.count() - start).toBe(4);
    expect(sameRun.run).toMatchObject({ parent_run_id: runId, origin: 'replay', forked_from_step: null });
    const marks = (events: TraceEvent[]) =>
      events.filter((e) => e.type === 'llm.response' || e.type === 'tool.result').map((e) => `${e.node}:${e.type}:${String(e.data.recording)}`);
    expect(marks(sameRun.events)).toEqual([
      'plan:llm.response:recorded',
      'plan:tool.result:recorded',
      'plan:llm.response:recorded',
      'write:llm.response:recorded',
      'polish:llm.response:recorded',
    ]);
    expect(sameRun.run.output).toBe('Polished.');

    // Edit write's prompt (a new graph version) and replay on it.
    const put = await h.call('PUT', `/api/graphs/${graphId}`, { document: chainGraph('replay-chain', 'Write it as a haiku.') });
    expect(put.status).toBe(200);
    const counts = () => ({ plan: mock.count('plan') + mock.count('plan-tool'), write: mock.count('write') + mock.count('write-v2'), polish: mock.count('polish') });
    const before = counts();
    const edited = await h.call<DerivedRunResponse>('POST', `/api/runs/${runId}/replay`, { graph_version: 'current' });
    const editedRun = await finished(edited.body.run_id);
    const after = counts();
    expect({ plan: after.plan - before.plan, write: after.write - before.write, polish: after.polish - before.polish }).toEqual({ plan: 0, write: 1, polish: 1 });
    expect(mock.count('write-v2')).toBe(1);
    expect(marks(editedRun.events)).toEqual([
      'plan:llm.response:recorded',
      'plan:tool.result:recorded',
      'plan:llm.response:recorded',
      'write:llm.response:live',
      'polish:llm.response:live',
    ]);

    // On the original version, the replay of the replay is all recorded again.
    const original = await h.call<DerivedRunResponse>('POST', `/api/runs/${runId}/replay`, { graph_version: 'original' });
    const total = mock.count();
    await finished(original.body.run_id);
    expect(mock.count()).toBe(total);
  });

  it('replays a fork from the step it forked from, with its edited state', async () => {
    scriptTriage();
    const graphId = await h.createGraph(triageGraph('triage-replay-fork'));
    const parentId = await h.startRun(graphId, { input: 'Refund me' });
    await finished(parentId);
    const fork = await h.call<DerivedRunResponse>('POST', `/api/runs/${parentId}/fork`, { step: 2, state: { route: 'refund' } });
    await finished(fork.body.run_id);
    const before = mock.count();
    const replay = await h.call<DerivedRunResponse>('POST', `/api/runs/${fork.body.run_id}/replay`, {});
    const replayed = await finished(replay.body.run_id);
    expect(mock.count()).toBe(before);
    expect(nodesStarted(replayed.events)).toEqual(['draft', 'refund']);
    expect(replayed.run).toMatchObject({ parent_run_id: fork.body.run_id, forked_from_step: 2, origin: 'replay' });
  });
});
