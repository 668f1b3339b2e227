import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../graph/schema';
import { runGraph } from './index';
import { fakePorts, scriptedModel } from './testing/fake-ports';
import { agent, graph } from './testing/graphs';

/** START -> classify -> (state.route == "refund" ? refund : other) -> END, with a `route` channel. */
function routeGraph(): GraphDocument {
  return graph(
    {
      classify: agent({ system_prompt: 'Classify.', output: 'route' }),
      refund: agent({ system_prompt: 'Refund.' }),
      other: agent({ system_prompt: 'Other.' }),
    },
    [
      { from: 'START', to: 'classify' },
      { from: 'classify', branches: [{ when: 'state.route == "refund"', to: 'refund' }, { else: 'other' }] },
      { from: 'refund', to: 'END' },
      { from: 'other', to: 'END' },
    ],
    { state: { route: { type: 'string' } } },
  );
}

/** writer -> approve (human) -> publish (a plain edge: a rejection is not routed). */
function publishGraph(): GraphDocument {
  return graph(
    { writer: agent({ system_prompt: 'Write.' }), approve: { role: 'human', prompt: 'Publish?' }, publish: agent({ system_prompt: 'Publish.' }) },
    [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'approve' },
      { from: 'approve', to: 'publish' },
      { from: 'publish', to: 'END' },
    ],
  );
}

describe('resume with a state edited at a breakpoint', () => {
  async function pausedBeforeRoute() {
    const doc = routeGraph();
    const p = fakePorts({ model: scriptedModel(['other']) });
    const out = await runGraph({ runId: 'r', doc, input: 'My order is broken', ports: p, breakpoints: ['other'] });
    expect(out).toMatchObject({ status: 'paused', interrupt: { kind: 'breakpoint', node: 'other' } });
    return { doc, cp: JSON.parse(JSON.stringify(p.lastCheckpoint())) };
  }

  it('continue with an edited channel overwrites it before the next step and changes the result', async () => {
    const { doc, cp } = await pausedBeforeRoute();
    // Unedited: the paused frontier is `other`, which answers "no refund".
    const plain = fakePorts({ model: scriptedModel(['no refund']) });
    expect(await runGraph({ runId: 'r', doc, input: '', from: cp, resume: { action: 'continue' }, ports: plain })).toMatchObject({ status: 'succeeded', output: 'no refund' });

    const p = fakePorts({ model: scriptedModel(['no refund']) });
    const out = await runGraph({ runId: 'r', doc, input: '', from: cp, resume: { action: 'continue', state: { route: 'refund', messages: [{ role: 'user', content: 'Refund me' }] } }, ports: p });
    expect(out).toMatchObject({ status: 'succeeded', state: { route: 'refund' } });
    // The edit is recorded: run.resumed lists the channels, state.updated says why.
    expect(p.of('run.resumed')[0].data).toMatchObject({ action: 'continue', node: 'other', edited: ['messages', 'route'] });
    expect(p.of('state.updated')[0]).toMatchObject({ node: 'other', data: { reason: 'edited at breakpoint', changed: ['messages', 'route'], set: { route: 'refund', messages: [{ role: 'user', content: 'Refund me' }] } } });
    expect(p.of('state.updated')[0].data).not.toHaveProperty('before');
    // The node after the breakpoint sees the edited conversation.
    expect(p.model.requests[0].messages.map((m) => m.content)).toEqual(['Other.', 'Refund me']);
  });

  it('refuses a state that does not fit the channels, before anything runs', async () => {
    const { doc, cp } = await pausedBeforeRoute();
    const p = fakePorts();
    await expect(runGraph({ runId: 'r', doc, input: '', from: cp, resume: { action: 'step', state: { route: 3 } }, ports: p })).rejects.toThrow(/state\.route: channel "route" is string/);
    await expect(runGraph({ runId: 'r', doc, input: '', from: cp, resume: { action: 'continue', state: { nope: 1 } }, ports: p })).rejects.toThrow(/no state channel "nope"/);
    expect(p.events).toHaveLength(0);
  });
});

describe('human decisions', () => {
  async function pausedAtApproval() {
    const doc = publishGraph();
    const p = fakePorts({ model: scriptedModel(['draft']) });
    await runGraph({ runId: 'r', doc, input: 'Write', ports: p });
    return { doc, cp: JSON.parse(JSON.stringify(p.lastCheckpoint())) };
  }

  it('reject that no branch routes ends the run `rejected` with the reason; nothing after it runs', async () => {
    const { doc, cp } = await pausedAtApproval();
    const p = fakePorts({ model: scriptedModel(['published']) });
    const out = await runGraph({ runId: 'r', doc, input: '', from: cp, resume: { action: 'reject', reason: 'too long' }, ports: p });
    expect(out).toMatchObject({ status: 'rejected', node: 'approve', reason: 'too long' });
    expect(p.model.requests).toHaveLength(0);
    expect(p.of('run.resumed')[0]).toMatchObject({ node: 'approve', data: { action: 'reject', reason: 'too long' } });
    expect(p.of('edge.taken')).toHaveLength(0);
    expect(p.of('run.finished')[0].data).toMatchObject({ output: null, status: 'rejected', rejected: { node: 'approve', reason: 'too long' } });
  });

  it('approve with an edited state: the edit is recorded and the run goes on with it', async () => {
    const { doc, cp } = await pausedAtApproval();
    const p = fakePorts({ model: scriptedModel(['published']) });
    const edited = [{ role: 'user', content: 'Write' }, { role: 'assistant', name: 'writer', content: 'better draft' }];
    const out = await runGraph({ runId: 'r', doc, input: '', from: cp, resume: { action: 'approve', state: { messages: edited } }, ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'published' });
    expect(p.of('state.updated')[0].data).toMatchObject({ reason: 'edited at human step', changed: ['messages'] });
    expect(p.of('run.resumed')[0].data).toMatchObject({ action: 'approve' });
    expect(p.model.requests[0].messages.map((m) => m.content)).toEqual(['Publish.', 'Write', expect.stringContaining('better draft')]);
  });
});
