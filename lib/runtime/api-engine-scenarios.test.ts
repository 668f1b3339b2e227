/**
 * Through HTTP, against the mock model: tool_calling exit conditions, the writer/reviewer loop,
 * recursion_limit, fan-out and join, a 429 storm, tools that throw or return 10 MB, a model reply
 * that does not parse, and breakpoints.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { writerReviewerRules } from '@/lib/llm/testing/scenarios/writer-reviewer';
import type { TraceEvent } from '@/lib/contracts/trace';
import { parseGraphYaml } from '@/lib/graph/yaml';
import type { GraphDocument } from '@/lib/graph/schema';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';
import { BIG_BYTES, startTargetServer, type TargetServer } from './testing/target-server';

let mock: MockOpenAI;
let target: TargetServer;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI();
  target = await startTargetServer();
  h = await startHarness({
    OPENAI_BASE_URL: mock.url,
    OPENAI_API_KEY: 'sk-test',
    SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1',
    SWITCHYARD_MODEL_MAX_RETRIES: '3',
    SWITCHYARD_MODEL_RETRY_BASE_MS: '1',
    SWITCHYARD_MODEL_RETRY_MAX_WAIT_MS: '5',
  });
});
afterAll(async () => {
  await h?.close();
  await target?.close();
  await mock?.close();
});

const ofType = (events: TraceEvent[], type: string) => events.filter((e) => e.type === type);
const calc = { type: 'calculator' as const, description: 'Arithmetic.' };
const call = (name: string, args: Record<string, unknown>) => ({ tool_calls: [{ name, arguments: args }] });

async function runToEnd(doc: GraphDocument, input = 'go') {
  const runId = await h.startRun(await h.createGraph(doc), { input });
  return h.waitForStatus(runId, ['succeeded', 'failed', 'cancelled']);
}

function example(name: string): GraphDocument {
  const parsed = parseGraphYaml(readFileSync(`examples/${name}.yaml`, 'utf8'));
  if (!parsed.ok) throw new Error(`${name}: ${parsed.errors[0].message}`);
  return parsed.doc;
}

describe('tool_calling exit conditions', () => {
  it('text (default): tools run until the model answers in text', async () => {
    mock.script([
      { match: { turn: 1 }, reply: call('calc', { expression: '6*7' }) },
      { match: { turn: 2 }, reply: { content: 'The answer is 42.' } },
    ]);
    const { run, events } = await runToEnd(agentGraph('exit-text', { tools: { calc }, agent: { tools: ['calc'] } }));
    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('The answer is 42.');
    expect(ofType(events, 'tool.result').map((e) => e.data.output)).toEqual(['42']);
    expect(ofType(events, 'llm.request')).toHaveLength(2);
  });

  it('{ tool }: returns right after that tool ran, with its result', async () => {
    mock.script([{ match: { turn: 1 }, reply: call('calc', { expression: '2^10' }) }]);
    const { run, events } = await runToEnd(agentGraph('exit-tool', { tools: { calc }, agent: { tools: ['calc'], exit: { tool: 'calc' } } }));
    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('1024');
    expect(ofType(events, 'llm.request')).toHaveLength(1);
  });

  it('{ when }: stops once the CEL condition holds after a turn', async () => {
    mock.script([
      { match: { turn: 1 }, reply: call('calc', { expression: '2+2' }) },
      { match: { turn: 2 }, reply: call('calc', { expression: '6*7' }) },
      { match: { turn: 3 }, reply: { content: 'should not be asked' } },
    ]);
    const { run, events } = await runToEnd(agentGraph('exit-when', { tools: { calc }, agent: { tools: ['calc'], exit: { when: 'output == "42"' } } }));
    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('42');
    expect(ofType(events, 'llm.request')).toHaveLength(2);
  });
});

describe('graph control flow', () => {
  it('the writer/reviewer loop takes its conditional edge back twice, then ends', async () => {
    mock.script(writerReviewerRules);
    const { run, events } = await runToEnd(example('writer-reviewer'), 'the Switchyard release');
    expect(run.status).toBe('succeeded');
    const edges = ofType(events, 'edge.taken').map((e) => `${e.data.from}->${e.data.to}`);
    expect(edges.filter((e) => e === 'reviewer->writer')).toHaveLength(2);
    expect(edges.filter((e) => e === 'reviewer->END')).toHaveLength(1);
    expect(ofType(events, 'node.started').filter((e) => e.node === 'writer')).toHaveLength(3);
    // The reviewer writes its verdict to `verdict`: the run answers with the approved (third) draft.
    expect(run.output).toMatch(/^Draft 3: A short report on the Switchyard release\./);
  });

  it('a loop that never ends stops at recursion_limit with a clear error', async () => {
    mock.script([
      { match: { systemContains: 'review' }, reply: { content: 'revise' } },
      { reply: { content: 'Draft again.' } },
    ]);
    const doc = { ...example('writer-reviewer'), name: 'endless-review', limits: { recursion_limit: 5 } };
    const { run, events } = await runToEnd(doc);
    expect(run.status).toBe('failed');
    expect(run.error?.code).toBe('recursion_limit');
    expect(run.error?.message).toMatch(/recursion_limit/);
    expect(ofType(events, 'node.started').length).toBe(5);
    expect(events.at(-1)!.type).toBe('run.failed');
  });

  it('fans out to two nodes in one step and joins them before the next', async () => {
    mock.script([
      { match: { systemContains: 'You are A' }, reply: { content: 'from A', delayMs: 30 } },
      { match: { systemContains: 'You are B' }, reply: { content: 'from B' } },
      { name: 'joiner', match: { systemContains: 'You are C' }, reply: { content: 'A and B joined' } },
    ]);
    const agent = (who: string) => ({ role: 'agent' as const, strategy: 'tool_calling' as const, system_prompt: `You are ${who}.` });
    const doc: GraphDocument = {
      switchyard: 1,
      name: 'fan-out-join',
      models: { default: { connection: 'default', model: 'm' } },
      nodes: { a: agent('A'), b: agent('B'), c: agent('C') },
      edges: [
        { from: 'START', to: 'a' },
        { from: 'START', to: 'b' },
        { from: 'a', to: 'c' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'END' },
      ],
    };
    const { run, events } = await runToEnd(doc);
    expect(run.status).toBe('succeeded');
    const started = Object.fromEntries(ofType(events, 'node.started').map((e) => [e.node, e.step]));
    expect(started.a).toBe(started.b);
    expect(started.c).toBeGreaterThan(started.a);
    expect(ofType(events, 'node.started').filter((e) => e.node === 'c')).toHaveLength(1);
    const joinPrompt = JSON.stringify(mock.chatRequests().find((r) => JSON.stringify(r.messages).includes('You are C'))!.messages);
    expect(joinPrompt).toContain('from A');
    expect(joinPrompt).toContain('from B');
    expect(run.output).toBe('A and B joined');
  });

  it('pauses at a breakpoint and continues when told to', async () => {
    mock.script([{ reply: { content: 'ok' } }]);
    const graphId = await h.createGraph(agentGraph('breakpoint'));
    const bad = await h.call('POST', `/api/graphs/${graphId}/runs`, { input: 'x', breakpoints: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/nope/);
    const runId = await h.startRun(graphId, { input: 'x', breakpoints: ['agent'] });
    const paused = await h.waitForStatus(runId, ['paused']);
    expect(paused.events.at(-1)).toMatchObject({ type: 'run.interrupted', data: { kind: 'breakpoint', node: 'agent' } });
    expect(ofType(paused.events, 'llm.request')).toHaveLength(0);
    expect((await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'continue' } })).status).toBe(202);
    expect((await h.waitForStatus(runId, ['succeeded'])).run.output).toBe('ok');
  });
});

describe('failures that must not crash anything', () => {
  it('a 429 storm is retried, then the run fails cleanly', async () => {
    mock.script([{ name: 'storm', reply: { error: { status: 429, retryAfter: 0, message: 'Rate limit reached (storm).' } } }]);
    const { run, events } = await runToEnd(agentGraph('storm'));
    expect(run.status).toBe('failed');
    expect(run.error?.message).toMatch(/429|rate limit/i);
    expect(run.error?.message).toMatch(/4 attempts/);
    expect(ofType(events, 'llm.retry')).toHaveLength(3);
    expect(mock.count('storm')).toBe(4);
    expect(events.at(-1)!.type).toBe('run.failed');
  });

  it('a tool that throws and one that returns 10 MB (truncated, recorded) do not kill the run', async () => {
    mock.script([
      { match: { turn: 1 }, reply: { tool_calls: [{ name: 'calc', arguments: { expression: '1/+' } }, { name: 'broken', arguments: {} }, { name: 'big', arguments: {} }] } },
      { match: { turn: 2 }, reply: { content: 'Recovered.' } },
    ]);
    const doc = agentGraph('bad-tools', {
      tools: {
        calc,
        broken: { type: 'http', method: 'GET', url: `${target.origin}/fail` },
        big: { type: 'http', method: 'GET', url: `${target.origin}/big` },
      },
      agent: { tools: ['calc', 'broken', 'big'] },
    });
    const { run, events } = await runToEnd(doc);
    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('Recovered.');
    const results = Object.fromEntries(ofType(events, 'tool.result').map((e) => [e.data.tool, e.data]));
    expect(String(results.calc.error)).toMatch(/Calculator/);
    expect(String(results.broken.error)).toMatch(/500/);
    expect(results.big.error).toBeUndefined();
    expect(results.big.truncated).toBe(true);
    expect(Number(results.big.original_bytes)).toBeGreaterThan(64 * 1024);
    expect(String(results.big.output).length).toBeLessThan(100 * 1024);
    // what went back to the model is capped too
    const second = mock.chatRequests().at(-1)!;
    const toolMessages = second.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(toolMessages).toHaveLength(3);
    expect(Math.max(...toolMessages.map((t) => t.length))).toBeLessThan(BIG_BYTES / 10);
  });

  it('a react reply that does not parse goes back to the model as an observation', async () => {
    mock.script([
      { times: 1, reply: { content: 'Hmm, I am not sure what to do here.' } },
      { reply: { content: 'I now know the final answer\nFinal Answer: 42' } },
    ]);
    const doc = agentGraph('unparseable', { tools: { calc }, agent: { strategy: 'react', tools: ['calc'] } });
    const { run, events } = await runToEnd(doc, 'What is 6*7?');
    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('42');
    const responses = ofType(events, 'llm.response');
    expect(responses).toHaveLength(2);
    expect((responses[0].data.parsed as { error?: string }).error).toBeTruthy();
    const second = JSON.stringify(ofType(events, 'llm.request')[1].data.messages);
    // the unparseable text and, after it, an observation saying what was wrong
    expect(second).toMatch(/not sure what to do here\.\\nObservation: Could not parse an Action or a Final Answer/);
  });
});
