/**
 * Fork re-routes on an edited routing channel (issue 20, item 5), through HTTP against the mock
 * model: the writer/reviewer example forked at the step after the first review with `verdict`
 * edited to "approve" ends at once with the first draft as its answer (no model call); without an
 * edit it goes on with the checkpoint's next node; `next` pins what runs first; a fork of a fork
 * at its starting step re-routes too; a bad `next` is refused naming its path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { writerReviewerRules } from '@/lib/llm/testing/scenarios/writer-reviewer';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { RunHistoryResponse } from '@/lib/contracts/runs';
import type { CheckpointsResponse, DerivedRunResponse } from '@/lib/contracts/time-travel';
import type { GraphDocument } from '@/lib/graph/schema';
import { parseGraphYaml } from '@/lib/graph/yaml';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { triageGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;

withMockHarness((started) => ({ mock, h } = started));

function writerReviewer(name: string): GraphDocument {
  const parsed = parseGraphYaml(readFileSync('examples/writer-reviewer.yaml', 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return { ...parsed.doc, name };
}

const nodesStarted = (events: TraceEvent[]) => events.filter((e) => e.type === 'node.started').map((e) => e.node);

async function finished(runId: string) {
  const d = await h.waitForStatus(runId, ['succeeded', 'failed', 'cancelled', 'paused']);
  expect(d.run.status, JSON.stringify(d.events.filter((e) => e.type === 'run.failed'))).toBe('succeeded');
  return d;
}

/** A finished writer/reviewer run: writer, reviewer (revise), writer, reviewer (revise), writer, reviewer (approve). */
async function parentRun(name: string): Promise<string> {
  return (await parentRunOf(name)).runId;
}

async function parentRunOf(name: string): Promise<{ runId: string; graphId: string }> {
  mock.script(writerReviewerRules);
  const graphId = await h.createGraph(writerReviewer(name));
  const runId = await h.startRun(graphId, { input: 'the Switchyard release' });
  const parent = await finished(runId);
  expect(nodesStarted(parent.events)).toEqual(['writer', 'reviewer', 'writer', 'reviewer', 'writer', 'reviewer']);
  const cps = await h.call<CheckpointsResponse>('GET', `/api/runs/${runId}/checkpoints`);
  expect(cps.body.checkpoints[2]).toMatchObject({ step: 2, next: ['writer'], state: { verdict: 'revise' } });
  return { runId, graphId };
}

const fork = (runId: string, body: Record<string, unknown>) => h.call<DerivedRunResponse>('POST', `/api/runs/${runId}/fork`, body);
/** A refused fork: the error body. */
const refused = (runId: string, body: Record<string, unknown>) => h.call('POST', `/api/runs/${runId}/fork`, body);

describe('fork re-routes on the edited state', () => {
  it('verdict edited to "approve" after the first review: the fork goes to END with the first draft as its answer', async () => {
    const parentId = await parentRun('wr-fork-approve');
    const calls = mock.count();
    const res = await fork(parentId, { step: 2, state: { verdict: 'approve' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ next: [], next_from: 'edited_state' });
    const forked = await finished(res.body.run_id);
    expect(nodesStarted(forked.events)).toEqual([]);
    expect(forked.run.output).toMatch(/^Draft 1: A short report on the Switchyard release\.$/);
    expect(mock.count()).toBe(calls);
    const cps = await h.call<CheckpointsResponse>('GET', `/api/runs/${res.body.run_id}/checkpoints`);
    expect(cps.body.checkpoints.map((c) => [c.step, c.next, c.state.verdict])).toEqual([[2, [], 'approve']]);
  });

  it('without an edit the fork goes on with the checkpoint; an edit that keeps the route keeps it too', async () => {
    const parentId = await parentRun('wr-fork-same');
    const plain = await fork(parentId, { step: 2 });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ next: ['writer'], next_from: 'checkpoint' });
    const plainRun = await finished(plain.body.run_id);
    expect(nodesStarted(plainRun.events)).toEqual(['writer', 'reviewer', 'writer', 'reviewer']);
    expect(plainRun.run.output).toMatch(/^Draft 3: /);

    const still = await fork(parentId, { step: 4, state: { verdict: 'Revise: say more about the release date.' } });
    expect(still.body).toMatchObject({ next: ['writer'], next_from: 'edited_state' });
    expect(nodesStarted((await finished(still.body.run_id)).events)[0]).toBe('writer');

    // And the other way: the approved review edited to "revise" goes back to the writer.
    const back = await fork(parentId, { step: 6, state: { verdict: 'revise' } });
    expect(back.body).toMatchObject({ next: ['writer'], next_from: 'edited_state' });
    expect(nodesStarted((await finished(back.body.run_id)).events)).toEqual(['writer', 'reviewer']);
  });

  it('`next` pins what runs first, over the edited state; END ends the fork at once', async () => {
    const parentId = await parentRun('wr-fork-pin');
    const pinned = await fork(parentId, { step: 2, state: { verdict: 'approve' }, next: 'writer' });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(201);
    expect(pinned.body).toMatchObject({ next: ['writer'], next_from: 'pinned' });
    const run = await finished(pinned.body.run_id);
    expect(nodesStarted(run.events)[0]).toBe('writer');

    const reviewFirst = await fork(parentId, { step: 1, next: ['reviewer'] });
    expect(reviewFirst.body).toMatchObject({ next: ['reviewer'], next_from: 'pinned' });
    expect(nodesStarted((await finished(reviewFirst.body.run_id)).events)[0]).toBe('reviewer');

    const end = await fork(parentId, { step: 4, next: 'END' });
    expect(end.body).toMatchObject({ next: [], next_from: 'pinned' });
    const ended = await finished(end.body.run_id);
    expect(nodesStarted(ended.events)).toEqual([]);
    expect(ended.run.output).toMatch(/^Draft 2: /);
  });

  it('a fork of a fork at the step it started from re-routes on the step its parent ran', async () => {
    const parentId = await parentRun('wr-fork-of-fork');
    const first = await fork(parentId, { step: 2 });
    await finished(first.body.run_id);
    const second = await fork(first.body.run_id, { step: 2, state: { verdict: 'approve' } });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ next: [], next_from: 'edited_state' });
    expect((await finished(second.body.run_id)).run.output).toMatch(/^Draft 1: /);
    // Step 0 has START's edges to fire: the edit does not change them.
    const atStart = await fork(parentId, { step: 0, state: { verdict: 'approve' } });
    expect(atStart.body).toMatchObject({ next: ['writer'], next_from: 'edited_state' });
    await finished(atStart.body.run_id);
  });

  it('refuses a `next` that is not a node of the graph, at its path, and starts nothing', async () => {
    const { runId: parentId, graphId } = await parentRunOf('wr-fork-bad-next');
    const runCount = async () => (await h.call<RunHistoryResponse>('GET', `/api/graphs/${graphId}/runs`)).body.runs.length;
    expect(await runCount()).toBe(1);
    const unknown = await refused(parentId, { step: 2, next: 'editor' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toMatchObject({ code: 'invalid_state', details: { errors: [{ path: 'next', message: expect.stringContaining('"editor" is not a node of graph "wr-fork-bad-next"') }] } });
    const second = await refused(parentId, { step: 2, next: ['writer', 'START'] });
    expect(second.status).toBe(422);
    expect(second.body.error.details.errors[0].path).toBe('next.1');
    const endWithOthers = await refused(parentId, { step: 2, next: ['END', 'writer'] });
    expect(endWithOthers.status).toBe(422);
    expect(endWithOthers.body.error.message).toContain('next.0: END ends the run; pin it alone');
    const twice = await refused(parentId, { step: 2, next: ['writer', 'writer'] });
    expect(twice.status).toBe(422);
    expect(twice.body.error.details.errors[0]).toMatchObject({ path: 'next.1', message: '"writer" is pinned twice' });
    const empty = await refused(parentId, { step: 2, next: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/next/);
    const wrongType = await refused(parentId, { step: 2, next: 5 });
    expect(wrongType.status).toBe(400);
    expect(await runCount()).toBe(1);
  });

  it('triage: the route edited after the branching node ran takes the other branch; a route no branch takes is a 422 naming state', async () => {
    mock.script([
      { match: { systemContains: 'Restate' }, reply: { content: 'The customer asks about shipping.' } },
      { match: { systemContains: 'Classify' }, reply: { content: 'question' } },
      { match: { systemContains: 'Draft' }, reply: { content: 'Dear customer,' } },
      { match: { systemContains: 'refund.' }, reply: { content: 'Refund issued.' } },
      { match: { systemContains: 'Answer the question' }, reply: { content: 'It ships tomorrow.' } },
    ]);
    const doc = triageGraph('triage-reroute');
    // No else branch: a route that matches neither condition cannot go on.
    doc.edges = doc.edges.map((e) => ('branches' in e ? { from: 'draft', branches: [{ when: 'state.route == "refund"', to: 'refund' }, { when: 'state.route == "question"', to: 'answer' }] } : e));
    const graphId = await h.createGraph(doc);
    const parentId = await h.startRun(graphId, { input: 'When does my order ship?' });
    expect(nodesStarted((await finished(parentId)).events)).toEqual(['intake', 'classify', 'draft', 'answer']);

    const refund = await fork(parentId, { step: 3, state: { route: 'refund' } });
    expect(refund.body).toMatchObject({ next: ['refund'], next_from: 'edited_state' });
    const refunded = await finished(refund.body.run_id);
    expect(nodesStarted(refunded.events)).toEqual(['refund']);
    expect(refunded.run.output).toBe('Refund issued.');

    const runs = async () => (await h.call<RunHistoryResponse>('GET', `/api/graphs/${graphId}/runs`)).body.runs.length;
    const before = await runs();
    const spam = await refused(parentId, { step: 3, state: { route: 'spam' } });
    expect(spam.status).toBe(422);
    expect(spam.body.error.code).toBe('invalid_state');
    expect(spam.body.error.message).toMatch(/^The edited state cannot be routed at step 3: Node "draft": none of the conditions .* pin the next node with "next"$/);
    expect(spam.body.error.details.errors[0].path).toBe('state');
    expect(await runs()).toBe(before);
    // Pinned, the same state is fine: the caller chose what runs.
    const pinned = await fork(parentId, { step: 3, state: { route: 'spam' }, next: 'answer' });
    expect(pinned.status).toBe(201);
    await finished(pinned.body.run_id);
  });
});
