import { describe, expect, it } from 'vitest';
import { runGraph } from './index';
import type { ActivityPort } from './ports';
import { fakePorts, fakeTools, scriptedModel, type Reply } from './testing/fake-ports';
import { agent, chain, graph } from './testing/graphs';

function memoryActivities(): ActivityPort & { rows: Map<string, { kind: string; result: unknown }> } {
  const rows = new Map<string, { kind: string; result: unknown }>();
  return {
    rows,
    async get(key) {
      return rows.get(key);
    },
    async put(key, kind, result) {
      if (!rows.has(key)) rows.set(key, { kind, result: JSON.parse(JSON.stringify(result)) });
    },
  };
}

const doc = () =>
  graph(
    { a: agent({ strategy: 'tool_calling', tools: ['post', 'helper_tool'] }), helper: agent({ system_prompt: 'Help.' }) },
    chain('a'),
    { tools: { post: { type: 'http', method: 'POST', url: 'http://example.test/hook' }, helper_tool: { type: 'agent', node: 'helper' } } },
  );

/** First attempt: a tool call, a worker call, then the model hangs and the run is cancelled (a crash). */
async function crashAfterTools(store: ActivityPort) {
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
    onEvent: (e) => {
      if (e.type === 'llm.request' && p.model.requests.length === 3) queueMicrotask(() => ctl.abort());
    },
  });
  p.activities = store;
  const out = await runGraph({ runId: 'r', doc: doc(), input: 'go', ports: p });
  return { out, p, tools, cp: p.lastCheckpoint() };
}

describe('activities: a node run again replays its recorded calls', () => {
  it('after a crash, the finished tool call and model calls are replayed, not made again', async () => {
    const store = memoryActivities();
    const first = await crashAfterTools(store);
    expect(first.out.status).toBe('cancelled');
    expect(first.tools.calls).toHaveLength(1);
    expect([...store.rows.values()].map((r) => r.kind)).toEqual(['llm', 'tool', 'llm', 'llm']);

    const tools = fakeTools({ post: () => 'posted again' });
    const p = fakePorts({ model: scriptedModel(['done']), tools });
    p.activities = store;
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
    expect([...store.rows.keys()]).toContain('s1.g0/a.0#1');
  });

  it('without an activity port every call is made (nothing is replayed)', async () => {
    const tools = fakeTools({ post: () => 'ok' });
    const p = fakePorts({ model: scriptedModel([{ tool_calls: [{ name: 'post', arguments: {} }] }, 'fine']), tools });
    const out = await runGraph({ runId: 'r', doc: doc(), input: 'go', ports: p });
    expect(out.status).toBe('succeeded');
    expect(p.of('tool.result')[0].data.replayed).toBeUndefined();
  });
});
