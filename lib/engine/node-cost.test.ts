import { describe, expect, it } from 'vitest';
import { runGraph } from './index';
import { fakePorts, scriptedModel, type Reply } from './testing/fake-ports';
import { agent, chain, graph } from './testing/graphs';

/** `a` calls the agent tool `helper` (a worker node) and answers; `b` answers; all on gpt-4o-mini. */
function doc() {
  const d = graph(
    { a: agent({ strategy: 'tool_calling', tools: ['helper_tool'] }), helper: agent({ system_prompt: 'Help.' }), b: agent() },
    chain('a', 'b'),
    { tools: { helper_tool: { type: 'agent', node: 'helper' } } },
  );
  d.models = { default: { connection: 'default', model: 'gpt-4o-mini' } };
  return d;
}
const k = { input: 1000, output: 1000 };
const replies: Reply[] = [
  { tool_calls: [{ name: 'helper_tool', arguments: { input: 'assist' } }], usage: k },
  { content: 'helper says ok', usage: k },
  { content: 'a done', usage: k },
  { content: 'b done', usage: { input: 2000, output: 0 } },
];

describe('cost per node (node.finished usage)', () => {
  it("carries each node's own model calls, tokens and cost; the nodes sum to the run", async () => {
    const p = fakePorts({ model: scriptedModel(replies) });
    const out = await runGraph({ runId: 'r', doc: doc(), input: 'hi', ports: p });
    expect(out.status).toBe('succeeded');
    const usage = Object.fromEntries(p.of('node.finished').map((e) => [e.node, e.data.usage]));
    // gpt-4o-mini: $0.15 in, $0.60 out per 1M tokens.
    expect(usage).toEqual({
      a: { input_tokens: 2000, output_tokens: 2000, model_calls: 2, cost_usd: 0.0015 },
      helper: { input_tokens: 1000, output_tokens: 1000, model_calls: 1, cost_usd: 0.00075 },
      b: { input_tokens: 2000, output_tokens: 0, model_calls: 1, cost_usd: 0.0003 },
    });
    expect(p.of('run.finished')[0].data.usage).toMatchObject({ cost_usd: 0.00255, model_calls: 4 });
  });

  it('leaves cost_usd out for an unpriced model and usage out for a node that failed before any call', async () => {
    const p = fakePorts({ model: scriptedModel([{ content: 'x', usage: k }, new Error('model down')]) });
    p.prices = { price: () => null };
    const d = graph({ a: agent(), b: agent() }, chain('a', 'b'));
    d.models = { default: { connection: 'default', model: 'local-model' } };
    const out = await runGraph({ runId: 'r', doc: d, input: 'hi', ports: p });
    expect(out.status).toBe('failed');
    const [a, b] = p.of('node.finished');
    expect(a.data.usage).toEqual({ input_tokens: 1000, output_tokens: 1000, model_calls: 1 });
    expect(b.data).toMatchObject({ status: 'failed' });
    expect(b.data).not.toHaveProperty('usage');
  });
});
