import { describe, expect, it } from 'vitest';
import { runGraph } from './index';
import { parseVerdict } from './reflection';
import { fakePorts, fakeTools, scriptedModel } from './testing/fake-ports';
import { chain, graph } from './testing/graphs';

/** A tool_calling agent with a `search` tool that reflects up to `reflect` times; the fake search knows only "current boyfriend". */
async function run(reflect: number, judgements: string[]) {
  const tools = fakeTools({ search: (a) => (String(a.query).includes('current boyfriend') ? 'Jason Sudeikis (2011-2020), Harry Styles since 2021' : 'No good results.') });
  const model = scriptedModel([
    { content: null, tool_calls: [{ id: 'c1', name: 'search', arguments: { query: "Olivia Wilde's boyfriend" } }] },
    ...judgements,
    'Done.',
  ]);
  const p = fakePorts({ model, tools });
  const doc = graph(
    { a: { role: 'agent', strategy: 'tool_calling', tools: ['search'] } },
    chain('a'),
    { tools: { search: { type: 'web_search', provider: 'serper', description: 'Search the web.', reflect } } },
  );
  const out = await runGraph({ runId: 'r', doc, input: "Who is Olivia Wilde's boyfriend?", ports: p });
  return { p, out, tools };
}

const notAligned = (rephrased: string) => JSON.stringify({ aligned: false, reason: 'The results are not about the question.', rephrased_input: rephrased });
const aligned = JSON.stringify({ aligned: true, reason: 'The results answer it.' });

describe('self-reflection (reflect: N)', () => {
  it('rephrases once when the output is not aligned, reruns the tool, and hands the aligned output to the agent', async () => {
    const { p, out, tools } = await run(2, [notAligned("Who is Olivia Wilde's current boyfriend?"), aligned]);
    expect(out.status).toBe('succeeded');
    expect(tools.calls.map((c) => c.args)).toEqual([{ query: "Olivia Wilde's boyfriend" }, { query: "Who is Olivia Wilde's current boyfriend?" }]);
    const result = p.of('tool.result')[0];
    expect(result.data.output).toBe('Jason Sudeikis (2011-2020), Harry Styles since 2021');
    expect(result.data.reflection).toMatchObject({ aligned: true, reruns: 1, attempts: [{ aligned: false }, { aligned: true }] });
    // The judgements are model calls under the tool's span, marked as reflection.
    const toolSpan = p.of('tool.call')[0].span_id;
    const judged = p.of('llm.request').filter((e) => e.data.purpose === 'reflection');
    expect(judged).toHaveLength(2);
    for (const e of judged) expect(e.parent_span_id).toBe(toolSpan);
    expect(p.of('llm.response').filter((e) => e.data.purpose === 'reflection')).toHaveLength(2);
    expect(JSON.stringify(judged[0].data.messages)).toContain('Description: Search the web.');
    // The agent saw the aligned output.
    expect(JSON.stringify(p.model.requests.at(-1)?.messages)).toContain('Harry Styles');
  });

  it('stops at N reruns and gives the last output with a note', async () => {
    const { p, tools } = await run(1, [notAligned('Olivia Wilde partner'), notAligned('Olivia Wilde partner 2024'), 'unused']);
    expect(tools.calls).toHaveLength(2); // the first run and one rerun: N = 1
    const result = p.of('tool.result')[0];
    expect(String(result.data.output)).toMatch(/^No good results\.\n\n\[Self-reflection: this output may not fit the tool's purpose after 1 rephrasing: The results are not about/);
    expect(result.data.reflection).toMatchObject({ aligned: false, reruns: 1 });
    expect(p.of('llm.request').filter((e) => e.data.purpose === 'reflection')).toHaveLength(2);
    expect(p.model.remaining()).toBe(1); // 'Done.' went to the agent; the third judgement was never asked for
  });

  it('reflect: 0 (the default) never judges', async () => {
    const { p, tools } = await run(0, []);
    expect(tools.calls).toHaveLength(1);
    expect(p.of('llm.request').some((e) => e.data.purpose === 'reflection')).toBe(false);
  });

  it('reads the verdict JSON out of a reply, and nothing else', () => {
    expect(parseVerdict('Sure: {"aligned": false, "reason": "off", "rephrased_input": {"query": "q2"}}')).toEqual({ aligned: false, reason: 'off', rephrased: { query: 'q2' } });
    expect(parseVerdict('{"aligned": "yes"}')).toBeUndefined();
    expect(parseVerdict('aligned')).toBeUndefined();
  });
});
