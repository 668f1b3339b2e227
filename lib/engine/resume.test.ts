import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../graph/schema';
import { runGraph, type RunOutcome } from './index';
import type { Checkpoint, ResumeValue } from '../contracts/trace';
import { fakePorts, scriptedModel, type FakePorts, type Reply } from './testing/fake-ports';
import { agent, chain, graph } from './testing/graphs';

/** writer -> approve (human) -> (approved ? END : writer) */
function approvalGraph(output = true): GraphDocument {
  return graph(
    {
      writer: agent({ system_prompt: 'Write.' }),
      approve: { role: 'human', prompt: 'Publish this?', ...(output ? { output: 'decision' } : {}) },
      publish: agent({ system_prompt: 'Publish.' }),
    },
    [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'approve' },
      {
        from: 'approve',
        branches: output
          ? [{ when: 'output == "approved" && state.decision == "approved"', to: 'publish' }, { when: 'output == "rejected"', to: 'writer' }, { else: 'END' }]
          : [{ when: 'output == "approved"', to: 'publish' }, { when: 'output == "rejected"', to: 'writer' }, { else: 'END' }],
      },
      { from: 'publish', to: 'END' },
    ],
    { state: { decision: { type: 'string' } } },
  );
}

/** A fresh runGraph call from the saved checkpoint object only (as after a server restart). */
async function restart(doc: GraphDocument, cp: Checkpoint, resume: ResumeValue | undefined, replies: Reply[], breakpoints?: string[]): Promise<{ p: FakePorts; out: RunOutcome }> {
  const p = fakePorts({ model: scriptedModel(replies) });
  const out = await runGraph({ runId: 'r', doc, input: 'ignored on resume', from: JSON.parse(JSON.stringify(cp)), resume, ports: p, breakpoints });
  return { p, out };
}

describe('human node: pause, then resume from the checkpoint', () => {
  async function pausedAtApproval(doc = approvalGraph()) {
    const p = fakePorts({ model: scriptedModel(['draft one']) });
    const out = await runGraph({ runId: 'r', doc, input: 'Write a haiku', ports: p });
    return { p, out, cp: p.lastCheckpoint() };
  }

  it('pauses with the prompt and the last message, and checkpoints the interrupt', async () => {
    const { p, out, cp } = await pausedAtApproval();
    expect(out).toEqual({ status: 'paused', interrupt: { kind: 'human', node: 'approve', prompt: 'Publish this?', value: 'draft one', human_kind: 'approval' } });
    expect(p.of('run.interrupted')[0].data).toMatchObject({ kind: 'human', node: 'approve' });
    expect(p.of('node.finished').map((e) => e.node)).toEqual(['writer']);
    expect(cp).toMatchObject({ step: 1, next: ['approve'], interrupt: { kind: 'human', node: 'approve' } });
  });

  it('approve: writes "approved" to the output channel and takes the approved branch', async () => {
    const { p: first, cp } = await pausedAtApproval();
    const { p, out } = await restart(approvalGraph(), cp, { action: 'approve' }, ['published!']);
    expect(out).toMatchObject({ status: 'succeeded', output: 'published!', state: { decision: 'approved' } });
    expect(p.of('run.resumed')[0]).toMatchObject({ node: 'approve', data: { action: 'approve' } });
    // The human node's span stays the same across the pause.
    const span = first.of('node.started').find((e) => e.node === 'approve')!.span_id;
    expect(p.of('node.finished')[0]).toMatchObject({ node: 'approve', span_id: span, data: { status: 'succeeded', output: 'approved' } });
    expect(p.of('edge.taken').map((e) => `${e.data.from}->${e.data.to}`)).toEqual(['approve->publish', 'publish->END']);
    // Usage carries over from the first part of the run.
    expect(p.of('run.finished')[0].data.usage).toMatchObject({ input_tokens: 20, output_tokens: 10 });
    // Event steps continue from the checkpoint.
    expect(p.of('node.started')[0]).toMatchObject({ node: 'publish', step: 3 });
  });

  it('reject: outputs "rejected", adds the reason to the conversation and loops back', async () => {
    const { cp } = await pausedAtApproval(approvalGraph(false));
    const { p, out } = await restart(approvalGraph(false), cp, { action: 'reject', reason: 'too long' }, ['short draft']);
    expect(out).toEqual({ status: 'paused', interrupt: expect.objectContaining({ node: 'approve', value: 'short draft' }) });
    expect(p.of('node.finished')[0].data).toMatchObject({ output: 'rejected' });
    expect(p.model.requests[0].messages.map((m) => m.content)).toEqual(['Write.', 'Write a haiku', 'draft one', 'Rejected: too long']);
  });

  it('edit: writes the edited value to the output channel', async () => {
    const { cp } = await pausedAtApproval();
    const { out } = await restart(approvalGraph(), cp, { action: 'edit', value: 'my own text' }, []);
    // The human's output goes to `decision`, so the run's answer stays the writer's draft.
    expect(out).toMatchObject({ status: 'succeeded', state: { decision: 'my own text' }, output: 'draft one' });
  });

  it('edit without an output channel replaces the content of the last message', async () => {
    const doc = approvalGraph(false);
    const { cp } = await pausedAtApproval(doc);
    const { out } = await restart(doc, cp, { action: 'edit', value: 'edited draft' }, []);
    expect(out).toMatchObject({ status: 'succeeded', output: 'edited draft' });
    expect(out.status === 'succeeded' && out.state.messages).toEqual([
      { role: 'user', content: 'Write a haiku' },
      { role: 'assistant', name: 'writer', content: 'edited draft' },
    ]);
  });

  it('refuses a resume value that does not fit the pause, without running anything', async () => {
    const { cp } = await pausedAtApproval();
    const p = fakePorts();
    await expect(runGraph({ runId: 'r', doc: approvalGraph(), input: '', from: cp, resume: { action: 'continue' }, ports: p })).rejects.toThrow(
      /resume with action "approve", "reject", "edit", not "continue"/,
    );
    await expect(runGraph({ runId: 'r', doc: approvalGraph(), input: '', from: cp, ports: p })).rejects.toThrow(/is paused at "approve"/);
    expect(p.events).toHaveLength(0);
  });

  it('keeps the results of nodes that finished in the paused step and does not rerun them', async () => {
    // START -> (worker, gate); gate is a human node; both feed END.
    const doc = graph({ worker: agent(), gate: { role: 'human', prompt: 'ok?', show: 'state.input' } }, [
      { from: 'START', to: 'worker' },
      { from: 'START', to: 'gate' },
      { from: 'worker', to: 'END' },
      { from: 'gate', to: 'END' },
    ]);
    const p = fakePorts({ model: scriptedModel(['worked']) });
    const first = await runGraph({ runId: 'r', doc, input: 'the input', ports: p });
    expect(first).toMatchObject({ status: 'paused', interrupt: { node: 'gate', value: 'the input' } });
    const cp = p.lastCheckpoint();
    expect(cp.extra?.pending).toHaveProperty('worker');
    const { p: p2, out } = await restart(doc, cp, { action: 'approve' }, []);
    expect(out).toMatchObject({ status: 'succeeded', output: 'worked' });
    expect(p2.model.requests).toHaveLength(0);
    expect(p2.of('state.updated').map((e) => e.node)).toEqual(['worker']);
  });

  it('a checkpoint without an interrupt resumes where it stopped (same next frontier)', async () => {
    const doc = graph({ a: agent(), b: agent() }, chain('a', 'b'));
    const p = fakePorts({ model: scriptedModel(['A', 'B']) });
    await runGraph({ runId: 'r', doc, input: 'x', ports: p });
    const afterA = p.checkpoints.find((c) => c.step === 1)!;
    const { p: p2, out } = await restart(doc, afterA, undefined, ['B again']);
    expect(out).toMatchObject({ status: 'succeeded', output: 'B again' });
    expect(p2.of('node.started').map((e) => e.node)).toEqual(['b']);
    expect(p2.model.requests[0].messages.map((m) => m.content)).toEqual(['x', '[a] A']);
    expect(p2.of('run.resumed')[0].data).toMatchObject({ from_step: 1, next: ['b'] });
  });
});

describe('breakpoints', () => {
  const doc = () => graph({ a: agent(), b: agent(), c: agent() }, chain('a', 'b', 'c'));

  it('pauses before a breakpoint node showing the state; continue runs past it once', async () => {
    const p = fakePorts({ model: scriptedModel(['A']) });
    const out = await runGraph({ runId: 'r', doc: doc(), input: 'x', ports: p, breakpoints: ['b'] });
    expect(out).toMatchObject({ status: 'paused', interrupt: { kind: 'breakpoint', node: 'b' } });
    if (out.status !== 'paused') return;
    expect(out.interrupt.value).toMatchObject({ input: 'x', messages: [{ content: 'x' }, { content: 'A' }] });
    const cp = p.lastCheckpoint();
    expect(cp).toMatchObject({ step: 1, next: ['b'], interrupt: { kind: 'breakpoint' } });
    const { p: p2, out: done } = await restart(doc(), cp, { action: 'continue' }, ['B', 'C'], ['b']);
    expect(done).toMatchObject({ status: 'succeeded', output: 'C' });
    expect(p2.of('node.started').map((e) => e.node)).toEqual(['b', 'c']);
    expect(p2.of('run.resumed')[0].data).toMatchObject({ action: 'continue', node: 'b', from_step: 1 });
  });

  it('step runs one step, then pauses again before the next', async () => {
    const p = fakePorts({ model: scriptedModel([]) });
    const out = await runGraph({ runId: 'r', doc: doc(), input: 'x', ports: p, breakpoints: ['a'] });
    expect(out).toMatchObject({ status: 'paused', interrupt: { kind: 'breakpoint', node: 'a' } });
    const s1 = await restart(doc(), p.lastCheckpoint(), { action: 'step' }, ['A'], ['a']);
    expect(s1.out).toMatchObject({ status: 'paused', interrupt: { kind: 'breakpoint', node: 'b' } });
    expect(s1.p.of('node.started').map((e) => e.node)).toEqual(['a']);
    const s2 = await restart(doc(), s1.p.lastCheckpoint(), { action: 'step' }, ['B'], ['a']);
    expect(s2.out).toMatchObject({ status: 'paused', interrupt: { node: 'c' } });
    const s3 = await restart(doc(), s2.p.lastCheckpoint(), { action: 'continue' }, ['C'], ['a']);
    expect(s3.out).toMatchObject({ status: 'succeeded', output: 'C' });
  });
});
