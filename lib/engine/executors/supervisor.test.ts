import { describe, expect, it } from 'vitest';
import { runGraph } from '../index';
import type { ChatRequest } from '../ports';
import { fakePorts, scriptedModel, type Reply } from '../testing/fake-ports';
import { chain, graph } from '../testing/graphs';

/** Replies chosen by the system prompt of the request, so concurrent-looking flows stay readable. */
function byRole(scripts: Record<string, Reply[]>): Reply[] {
  const pick = (req: ChatRequest): Reply => {
    const sys = req.messages[0]?.role === 'system' ? req.messages[0].content : '';
    const key = Object.keys(scripts).find((k) => sys.startsWith(k));
    const queue = key ? scripts[key] : undefined;
    if (!queue?.length) throw new Error(`no scripted reply for system prompt ${JSON.stringify(sys.slice(0, 40))}`);
    return queue.shift()!;
  };
  return Array(50).fill(pick);
}

describe('supervisor', () => {
  it('offers its two workers as tools and runs each call as a child span', async () => {
    const model = scriptedModel(
      byRole({
        Boss: [
          { tool_calls: [{ id: 'r1', name: 'researcher', arguments: { task: 'find facts about rails' } }] },
          { tool_calls: [{ id: 'w1', name: 'writer', arguments: { task: 'write a line from: steel' } }] },
          'Done: Steel lines.',
        ],
        Research: ['steel'],
        Write: ['Steel lines.'],
      }),
    );
    const p = fakePorts({ model });
    const doc = graph(
      {
        boss: { role: 'supervisor', system_prompt: 'Boss.', workers: ['researcher', 'writer'], output: 'report' },
        researcher: { role: 'agent', description: 'Finds facts.', system_prompt: 'Research.' },
        writer: { role: 'agent', description: 'Writes text.', system_prompt: 'Write.' },
      },
      chain('boss'),
      { state: { report: { type: 'string' } } },
    );
    const out = await runGraph({ runId: 'r', doc, input: 'Report on rails', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'Done: Steel lines.', state: { report: 'Done: Steel lines.' } });

    const first = model.requests[0];
    expect(first.tools?.map((t) => [t.function.name, t.function.description, t.function.parameters.required])).toEqual([
      ['researcher', 'Finds facts.', ['task']],
      ['writer', 'Writes text.', ['task']],
    ]);
    // Workers get only their task, not the supervisor's conversation.
    expect(model.requests[1].messages).toEqual([{ role: 'system', content: 'Research.' }, { role: 'user', content: 'find facts about rails' }]);
    // Child spans: worker node span under the supervisor's tool.call span, under the supervisor's node span.
    const bossSpan = p.of('node.started').find((e) => e.node === 'boss')!.span_id;
    const calls = p.of('tool.call');
    expect(calls.map((c) => [c.data.tool, c.data.type, c.parent_span_id])).toEqual([
      ['researcher', 'worker', bossSpan],
      ['writer', 'worker', bossSpan],
    ]);
    const workerStarts = p.of('node.started').filter((e) => e.node !== 'boss');
    expect(workerStarts.map((e) => [e.node, e.parent_span_id, e.data.task])).toEqual([
      ['researcher', calls[0].span_id, 'find facts about rails'],
      ['writer', calls[1].span_id, 'write a line from: steel'],
    ]);
    const researcherLlm = p.of('llm.request').find((e) => e.node === 'researcher')!;
    expect(researcherLlm.parent_span_id).toBe(workerStarts[0].span_id);
    expect(p.of('tool.result').map((e) => e.data.output)).toEqual(['steel', 'Steel lines.']);
    // Only the supervisor's answer joins the graph's conversation.
    expect(out.status === 'succeeded' && (out.state.messages as unknown[]).length).toBe(2);
  });

  it('nests supervisors: a worker can itself be a supervisor', async () => {
    const model = scriptedModel(
      byRole({
        Top: [{ tool_calls: [{ name: 'team', arguments: { task: 'handle it' } }] }, 'top done'],
        Team: [{ tool_calls: [{ name: 'solo', arguments: { task: 'do the work' } }] }, 'team done'],
        Solo: ['solo done'],
      }),
    );
    const p = fakePorts({ model });
    const doc = graph(
      {
        top: { role: 'supervisor', system_prompt: 'Top.', workers: ['team'] },
        team: { role: 'supervisor', system_prompt: 'Team.', workers: ['solo'] },
        solo: { role: 'agent', system_prompt: 'Solo.' },
      },
      chain('top'),
    );
    const out = await runGraph({ runId: 'r', doc, input: 'go', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'top done' });
    const start = (n: string) => p.of('node.started').find((e) => e.node === n)!;
    const callOf = (tool: string) => p.of('tool.call').find((e) => e.data.tool === tool)!;
    expect(callOf('team').parent_span_id).toBe(start('top').span_id);
    expect(start('team').parent_span_id).toBe(callOf('team').span_id);
    expect(callOf('solo').parent_span_id).toBe(start('team').span_id);
    expect(start('solo').parent_span_id).toBe(callOf('solo').span_id);
    expect(p.of('tool.result').map((e) => e.data.output)).toEqual(['solo done', 'team done']);
  });

  it('reports a failing worker back to the supervisor, and fails on a worker call cycle', async () => {
    const model = scriptedModel(
      byRole({
        Boss: [{ tool_calls: [{ name: 'flaky', arguments: { task: 'try' } }] }, 'gave up politely'],
        Flaky: [{ tool_calls: [{ name: 'nothing', arguments: {} }] }],
      }),
    );
    const doc = graph(
      { boss: { role: 'supervisor', system_prompt: 'Boss.', workers: ['flaky'] }, flaky: { role: 'agent', system_prompt: 'Flaky.', max_steps: 1 } },
      chain('boss'),
    );
    const p = fakePorts({ model });
    const out = await runGraph({ runId: 'r', doc, input: 'go', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'gave up politely' });
    expect(p.of('tool.result').at(-1)!.data.error).toMatch(/Node "flaky" reached max_steps \(1\)/);

    const loop = graph(
      { a: { role: 'supervisor', system_prompt: 'A.', workers: ['b'] }, b: { role: 'supervisor', system_prompt: 'B.', workers: ['a'] } },
      chain('a'),
    );
    const call = (to: string): Reply => ({ tool_calls: [{ name: to, arguments: { task: 'again' } }] });
    const out2 = await runGraph({ runId: 'r', doc: loop, input: 'go', ports: fakePorts({ model: scriptedModel([call('b'), call('a'), call('b'), call('a'), call('b'), call('a')]) }) });
    expect(out2).toMatchObject({ status: 'failed', error: { code: 'call_depth' } });
  });
});
