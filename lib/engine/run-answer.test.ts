import { describe, expect, it } from 'vitest';
import type { NodeSpec } from '../graph/schema';
import { runGraph } from './index';
import { fakePorts, fakeTools, scriptedModel } from './testing/fake-ports';
import { agent, chain, graph } from './testing/graphs';

const tools = { fetch: { type: 'http' as const, url: 'http://example.org/x' } };
const state = { page: { type: 'string' as const } };
const fetchNode = (extra: Record<string, unknown> = {}) => ({ role: 'tool', tool: 'fetch', ...extra }) as NodeSpec;

async function run(doc: ReturnType<typeof graph>, replies: string[] = []) {
  const ports = fakePorts({ model: scriptedModel(replies), tools: fakeTools({ fetch: () => 'the page text' }) });
  const out = await runGraph({ runId: 'r', doc, input: 'go', ports });
  return { out, finished: ports.of('run.finished')[0].data };
}

describe("the run's answer when no node answers in messages", () => {
  it('a tool node writing a channel as the last node: the answer is that channel, and run.finished says so', async () => {
    const { out, finished } = await run(graph({ fetch: fetchNode({ output: 'page' }) }, chain('fetch'), { tools, state }));
    expect(out).toMatchObject({ status: 'succeeded', output: 'the page text' });
    expect(finished.output).toBe('the page text');
    expect(finished.answer_note).toBe(
      'No node answered in messages; the answer is channel "page", which node "fetch" (the run ended on it) wrote. To choose the answer, set the graph\'s `output:` to the channel that holds the answer, or end on a node that answers in messages.',
    );
  });

  it('a last node writing nothing: the answer is null and run.finished explains why', async () => {
    const { out, finished } = await run(graph({ fetch: fetchNode() }, chain('fetch'), { tools }));
    expect(out).toMatchObject({ status: 'succeeded', output: null });
    expect(finished.answer_note).toMatch(/^No answer: no node answered in messages, the graph has no `output:`, and the run ended on "fetch", which wrote no answer\./);
  });

  it('no note when a node answered (an agent, then a tool that logs) or the graph names its output', async () => {
    const logged = await run(graph({ a: agent(), fetch: fetchNode({ output: 'page' }) }, chain('a', 'fetch'), { tools, state }), ['The answer.']);
    expect(logged.out).toMatchObject({ output: 'The answer.' });
    expect(logged.finished).not.toHaveProperty('answer_note');
    const named = await run(graph({ fetch: fetchNode({ output: 'page' }) }, chain('fetch'), { tools, state, output: 'page' }));
    expect(named.out).toMatchObject({ output: 'the page text' });
    expect(named.finished).not.toHaveProperty('answer_note');
  });
});
