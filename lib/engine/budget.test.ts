import { describe, expect, it } from 'vitest';
import { runGraph } from './index';
import { fakePorts, scriptedModel } from './testing/fake-ports';
import { agent, chain, graph } from './testing/graphs';
import type { GraphDocument } from '../graph/schema';

function priced(limits: GraphDocument['limits']): GraphDocument {
  const doc = graph({ a: agent(), b: agent(), c: agent() }, chain('a', 'b', 'c'), { limits });
  doc.models = { default: { connection: 'default', model: 'gpt-4o-mini' } };
  return doc;
}
const reply = { content: 'ok', usage: { input: 1000, output: 1000 } };

describe('cost and budgets', () => {
  it('prices each model call (llm.response cost_usd) and sums the run usage', async () => {
    const p = fakePorts({ model: scriptedModel([reply, reply, reply]) });
    const out = await runGraph({ runId: 'r', doc: priced(undefined), input: 'hi', ports: p });
    expect(out.status).toBe('succeeded');
    // gpt-4o-mini: $0.15 in, $0.60 out per 1M tokens -> 1000 + 1000 tokens = $0.00075
    expect(p.of('llm.response').map((e) => e.data.cost_usd)).toEqual([0.00075, 0.00075, 0.00075]);
    expect(p.of('run.finished')[0].data.usage).toEqual({ input_tokens: 3000, output_tokens: 3000, cost_usd: 0.00225, model_calls: 3 });
  });

  it('stops with budget_exceeded naming the cost so far once max_cost_usd is passed', async () => {
    const p = fakePorts({ model: scriptedModel([reply, reply, reply]) });
    const out = await runGraph({ runId: 'r', doc: priced({ max_cost_usd: 0.001 }), input: 'hi', ports: p });
    expect(out).toMatchObject({ status: 'failed', error: { code: 'budget_exceeded' } });
    if (out.status !== 'failed') return;
    expect(out.error.message).toContain('$0.0015');
    expect(out.error.message).toContain('limits.max_cost_usd ($0.001)');
    expect(p.model.requests).toHaveLength(2);
    expect(p.of('run.failed')[0].data.usage).toMatchObject({ cost_usd: 0.0015, model_calls: 2 });
  });

  it('refuses the model call past max_model_calls (the call is not made)', async () => {
    const p = fakePorts({ model: scriptedModel([reply, reply, reply]) });
    const out = await runGraph({ runId: 'r', doc: priced({ max_model_calls: 2 }), input: 'hi', ports: p });
    expect(out).toMatchObject({ status: 'failed', error: { code: 'budget_exceeded' } });
    expect(p.model.requests).toHaveLength(2);
  });

  it('uses the price port: a free connection costs 0, an unknown model is not priced', async () => {
    const free = fakePorts({ model: scriptedModel([reply, reply, reply]) });
    free.prices = { price: () => ({ input: 0, output: 0 }) };
    await runGraph({ runId: 'r', doc: priced({ max_cost_usd: 0 }), input: 'hi', ports: free });
    expect(free.of('run.finished')[0].data.usage).toMatchObject({ cost_usd: 0, model_calls: 3 });
    const unknown = fakePorts({ model: scriptedModel([reply, reply, reply]) });
    unknown.prices = { price: () => null };
    await runGraph({ runId: 'r', doc: priced(undefined), input: 'hi', ports: unknown });
    expect(unknown.of('llm.response')[0].data).not.toHaveProperty('cost_usd');
  });
});
