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

describe('call journal: what is recorded, and where nothing else is', () => {
  it('records each call once with its node, request, result or error, usage and timing', async () => {
    const tools = fakeTools({
      post: () => {
        throw new Error('HTTP 500');
      },
    });
    const p = fakePorts({ model: scriptedModel([{ tool_calls: [{ name: 'post', arguments: { text: 'hi' } }] }, 'sorry']), tools });
    const out = await runGraph({ runId: 'r', doc: doc(), input: 'go', ports: p });
    expect(out.status).toBe('succeeded');
    const [first, tool, last] = p.journal.entries;
    expect(p.journal.entries).toHaveLength(3);
    expect(first).toMatchObject({ key: 's1.g0/a.0#0', kind: 'llm', node: 'a', request: { model: 'gpt-test', temperature: 0 }, usage: { total_tokens: expect.any(Number) } });
    expect(first.request.messages).toEqual(p.model.requests[0].messages);
    expect(tool).toMatchObject({ key: 's1.g0/a.0#1', kind: 'tool', node: 'a', request: { tool: 'post', args: { text: 'hi' } }, error: 'HTTP 500', result: { output: '', error: 'HTTP 500' } });
    expect(last).toMatchObject({ key: 's1.g0/a.0#2', kind: 'llm', result: { message: { content: 'sorry' } } });
    for (const e of p.journal.entries) {
      expect(typeof e.started_at).toBe('number');
      expect(e.latency_ms).toBeGreaterThanOrEqual(0);
      expect(e.reused).toBeUndefined();
    }
  });

  it('a paused step leaves no call results in the checkpoint, only pointers: the resume recalls them from the journal', async () => {
    const d = graph({ a: agent({ strategy: 'tool_calling', tools: ['post', 'ask'] }) }, chain('a'), {
      tools: { post: { type: 'http', method: 'POST', url: 'http://example.test/hook' }, ask: { type: 'human' } },
    });
    let hits = 0;
    const p = fakePorts({
      model: scriptedModel([{ tool_calls: [{ id: 'c1', name: 'post', arguments: {} }] }, { tool_calls: [{ id: 'c2', name: 'ask', arguments: { question: 'OK?' } }] }]),
      tools: fakeTools({ post: () => `posted ${++hits}` }),
    });
    expect((await runGraph({ runId: 'r', doc: d, input: 'go', ports: p })).status).toBe('paused');
    const cp = p.lastCheckpoint();
    expect(JSON.stringify(cp)).not.toContain('posted 1');
    expect(p.journal.entries.map((e) => e.kind)).toEqual(['llm', 'tool', 'llm']);

    const answer = { action: 'answer' as const, value: 'yes' };
    const resumed = fakePorts({ model: scriptedModel(['done']), tools: fakeTools({ post: () => `posted ${++hits}` }), journal: p.journal });
    expect(await runGraph({ runId: 'r', doc: d, input: 'go', from: cp, resume: answer, ports: resumed })).toMatchObject({ status: 'succeeded', output: 'done' });
    expect(hits).toBe(1);
    // The human's answer is recorded like any tool result.
    expect(p.journal.entries.filter((e) => e.kind === 'tool').map((e) => e.result)).toEqual([{ output: 'posted 1' }, { output: 'yes' }]);

    // The checkpoint points at the journal: resumed over a journal that lacks those calls, the run
    // fails naming the call instead of posting again; with no journal at all every call is made.
    const replies = () => scriptedModel([{ tool_calls: [{ id: 'c1', name: 'post', arguments: {} }] }, { tool_calls: [{ id: 'c2', name: 'ask', arguments: { question: 'OK?' } }] }, 'done']);
    expect(cp.extra?.continuation).toMatchObject({ journal: ['s1.g0/a.0#0', 's1.g0/a.0#1', 's1.g0/a.0#2'] });
    const empty = fakePorts({ model: replies(), tools: fakeTools({ post: () => `posted ${++hits}` }) });
    const failed = await runGraph({ runId: 'r', doc: d, input: 'go', from: cp, resume: answer, ports: empty });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'journal_missing' } });
    expect(String((failed as { error: { message: string } }).error.message)).toContain('s1.g0/a.0#0');
    expect(hits).toBe(1);
    const none = fakePorts({ model: replies(), tools: fakeTools({ post: () => `posted ${++hits}` }) });
    expect((await runGraph({ runId: 'r', doc: d, input: 'go', from: cp, resume: answer, ports: { ...none, journal: undefined } })).status).toBe('succeeded');
    expect(hits).toBe(2);
  });

  it('keeps its counters per run: two runs through one ports object key their calls alike', async () => {
    const p = fakePorts({ model: scriptedModel([{ tool_calls: [{ name: 'post', arguments: {} }] }, 'one', { tool_calls: [{ name: 'post', arguments: {} }] }, 'two']), tools: fakeTools({ post: () => 'ok' }) });
    const journals = [memoryJournal(), memoryJournal()];
    for (const journal of journals) {
      p.journal = journal;
      expect((await runGraph({ runId: 'r', doc: doc(), input: 'go', ports: p })).status).toBe('succeeded');
    }
    expect(journals.map((j) => j.entries.map((e) => e.key))).toEqual([
      ['s1.g0/a.0#0', 's1.g0/a.0#1', 's1.g0/a.0#2'],
      ['s1.g0/a.0#0', 's1.g0/a.0#1', 's1.g0/a.0#2'],
    ]);
  });
});
