import { describe, expect, it } from 'vitest';
import { runGraph } from './index';
import { memoryJournal, type MemoryJournal } from './journal-memory';
import type { RunPorts } from './ports';
import { fakePorts, fakeTools, scriptedModel, type Reply } from './testing/fake-ports';
import { agent, chain, graph } from './testing/graphs';

/** The journal's entries by attempt key, as a map (what the first attempt left). */
const rowsOf = (j: MemoryJournal) => new Map(j.entries.map((e) => [e.key, e]));

const doc = () =>
  graph(
    { a: agent({ strategy: 'tool_calling', tools: ['post', 'helper_tool'] }), helper: agent({ system_prompt: 'Help.' }) },
    chain('a'),
    { tools: { post: { type: 'http', method: 'POST', url: 'http://example.test/hook' }, helper_tool: { type: 'agent', node: 'helper' } } },
  );

/** First attempt: a tool call, a worker call, then the model hangs and the run is cancelled (a crash). */
async function crashAfterTools(store: MemoryJournal) {
  const ctl = new AbortController();
  let hits = 0;
  const tools = fakeTools({ post: () => `posted ${++hits}` });
  const replies: Reply[] = [
    { tool_calls: [{ name: 'post', arguments: { text: 'hi' } }] },
    { tool_calls: [{ name: 'helper_tool', arguments: { input: 'assist' } }] },
    'helper says ok',
    { hang: true },
  ];
  const p = fakePorts({
    model: scriptedModel(replies),
    tools,
    signal: ctl.signal,
    journal: store,
    onEvent: (e) => {
      if (e.type === 'llm.request' && p.model.requests.length === 3) queueMicrotask(() => ctl.abort());
    },
  });
  const out = await runGraph({ runId: 'r', doc: doc(), input: 'go', ports: p });
  return { out, p, tools, cp: p.lastCheckpoint() };
}

describe('call journal: a node run again recalls its recorded calls', () => {
  it('after a crash, the finished tool call and model calls are replayed, not made again', async () => {
    const store = memoryJournal();
    const first = await crashAfterTools(store);
    expect(first.out.status).toBe('cancelled');
    expect(first.tools.calls).toHaveLength(1);
    expect([...rowsOf(store).values()].map((r) => r.kind)).toEqual(['llm', 'tool', 'llm', 'llm']);

    const tools = fakeTools({ post: () => 'posted again' });
    const p = fakePorts({ model: scriptedModel(['done']), tools, journal: store });
    const out = await runGraph({ runId: 'r', doc: doc(), input: 'go', from: first.cp, ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'done' });
    expect(tools.calls).toHaveLength(0);
    expect(p.model.requests).toHaveLength(1);
    const results = p.of('tool.result');
    expect(results.map((e) => [e.data.tool, e.data.replayed])).toEqual([
      ['post', true],
      ['helper_tool', undefined],
    ]);
    expect(results[0].data.output).toBe('posted 1');
    expect(p.of('llm.response').map((e) => e.data.replayed ?? false)).toEqual([true, true, true, false]);
    // The tool port got the same deterministic key on the first attempt as the replay used.
    expect([...rowsOf(store).keys()]).toContain('s1.g0/a.0#1');
  });

  it('without a journal every call is made (nothing is recalled)', async () => {
    const tools = fakeTools({ post: () => 'ok' });
    const p = fakePorts({ model: scriptedModel([{ tool_calls: [{ name: 'post', arguments: {} }] }, 'fine']), tools });
    const ports: RunPorts = { ...p, journal: undefined };
    const out = await runGraph({ runId: 'r', doc: doc(), input: 'go', ports });
    expect(out.status).toBe('succeeded');
    expect(p.of('tool.result')[0].data.replayed).toBeUndefined();
  });
});
