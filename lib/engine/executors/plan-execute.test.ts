import { describe, expect, it } from 'vitest';
import { runGraph } from '../index';
import { fakePorts, fakeTools, scriptedModel } from '../testing/fake-ports';
import { chain, graph } from '../testing/graphs';
import { parsePlan, saysCannot } from './plan-text';

const TOOLS = { search: { type: 'web_search' as const, provider: 'serper' as const } };
const tools = () => fakeTools({ search: (a) => (String(a.query).includes('secret') ? 'nothing found' : `found ${String(a.query)}`) });

describe('plan parsing', () => {
  it('reads numbered, bulleted and "Step n:" plans, with continuation lines', () => {
    expect(parsePlan('Here is the plan:\n1. Find the age\n2) Raise it\n   to the 0.23 power\n3 - Answer')).toEqual(['Find the age', 'Raise it to the 0.23 power', 'Answer']);
    expect(parsePlan('- **look up** a\n* b')).toEqual(['look up a', 'b']);
    expect(parsePlan('Step 1: a\nStep 2: b')).toEqual(['a', 'b']);
    expect(parsePlan('Plan:\nsearch the web\nsummarize')).toEqual(['search the web', 'summarize']);
    expect(parsePlan('  \n')).toEqual([]);
  });

  it('recognizes a model saying it cannot do a step', () => {
    expect(saysCannot('CANNOT: no tool for that')).toBe(true);
    expect(saysCannot("I can't find it")).toBe(true);
    expect(saysCannot('The cannot-fail answer is 4')).toBe(false);
  });
});

describe('planner + executor roles', () => {
  const doc = () =>
    graph(
      { plan: { role: 'planner', system_prompt: 'Plan.' }, run: { role: 'executor', tools: ['search'], system_prompt: 'Execute.', output: 'answer' } },
      chain('plan', 'run'),
      { tools: TOOLS, state: { plan: { type: 'list' }, past_steps: { type: 'list' }, answer: { type: 'string' } } },
    );

  it('plans, runs each step as a tool-calling loop, revises after a failed step, then synthesizes', async () => {
    const model = scriptedModel([
      '1. Search the secret archive\n2. Write the answer', // planner
      { tool_calls: [{ name: 'search', arguments: { query: 'secret archive' } }] }, // step 1
      'CANNOT: the archive has nothing', // step 1 fails
      '1. Search the public library\n2. Write the answer', // revision
      { tool_calls: [{ name: 'search', arguments: { query: 'public library' } }] },
      'The library has the book.',
      'Answer: the book is in the library.',
      'The book is in the library.', // synthesis
    ]);
    const p = fakePorts({ model, tools: tools() });
    const out = await runGraph({ runId: 'r', doc: doc(), input: 'Where is the book?', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'The book is in the library.' });
    if (out.status !== 'succeeded') return;
    expect(out.state.plan).toEqual(['Search the public library', 'Write the answer']);
    expect(out.state.past_steps).toEqual([
      { step: 'Search the secret archive', result: 'CANNOT: the archive has nothing', failed: true },
      { step: 'Search the public library', result: 'The library has the book.' },
      { step: 'Write the answer', result: 'Answer: the book is in the library.' },
    ]);
    expect(out.state.answer).toBe('The book is in the library.');
    // The revision request names the failure; each step's prompt carries the plan and earlier results.
    expect(model.requests[3].messages[1].content).toMatch(/The step "Search the secret archive" failed: CANNOT: the archive has nothing/);
    expect(model.requests[6].messages[1].content).toMatch(/- Search the public library: The library has the book\.\n\nNow do this step: Write the answer$/);
    expect(model.requests[4].tools?.map((t) => t.function.name)).toEqual(['search']);
    expect(p.of('tool.call').map((e) => e.data.args)).toEqual([{ query: 'secret archive' }, { query: 'public library' }]);
  });

  it('fails with plan_failed once max_revisions is used up', async () => {
    const d = doc();
    (d.nodes.run as { max_revisions?: number }).max_revisions = 0;
    const p = fakePorts({ model: scriptedModel(['1. Impossible thing', 'I cannot do that.']), tools: tools() });
    const out = await runGraph({ runId: 'r', doc: d, input: 'x', ports: p });
    expect(out).toMatchObject({ status: 'failed', error: { code: 'plan_failed' } });
    if (out.status === 'failed') expect(out.error.message).toMatch(/step "Impossible thing" failed \(I cannot do that\.\) .*\(max_revisions 0\)/);
  });

  it('an executor without a plan in state fails clearly; a planner answer without steps too', async () => {
    const alone = graph({ run: { role: 'executor' } }, chain('run'));
    expect(await runGraph({ runId: 'r', doc: alone, input: 'x', ports: fakePorts() })).toMatchObject({ status: 'failed', error: { code: 'no_plan' } });
    const empty = await runGraph({ runId: 'r', doc: doc(), input: 'x', ports: fakePorts({ model: scriptedModel(['   ']) }) });
    expect(empty).toMatchObject({ status: 'failed', error: { code: 'bad_plan' } });
  });
});

describe('agent strategy plan_execute', () => {
  it('plans and executes in one node; a one-step plan answers with the step result', async () => {
    const doc = graph({ a: { role: 'agent', strategy: 'plan_execute', tools: ['search'] } }, chain('a'), { tools: TOOLS });
    const model = scriptedModel(['1. Search for trains', { tool_calls: [{ name: 'search', arguments: { query: 'trains' } }] }, 'Trains run on rails.']);
    const p = fakePorts({ model, tools: tools() });
    const out = await runGraph({ runId: 'r', doc, input: 'What do trains run on?', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'Trains run on rails.', state: { plan: ['Search for trains'] } });
    expect(model.requests[0].messages[1].content).toMatch(/Task: What do trains run on\?\n\nTools the executor can use: search\./);
    expect(p.of('node.started')[0].data).toEqual({ role: 'agent', strategy: 'plan_execute' });
  });
});
