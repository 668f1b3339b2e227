/**
 * Through HTTP: the seed 000 MRKL walk-through end to end, and the SSE trace stream
 * (live before the run ends, Last-Event-ID reconnect with no gap and no duplicate).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { MRKL_FINAL_ANSWER, MRKL_OBSERVATION_1, MRKL_QUESTION, MRKL_RESULT, MRKL_SEARCH, mrklRules } from '@/lib/llm/testing/scenarios/mrkl';
import type { TraceEvent } from '@/lib/contracts/trace';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph, mrklGraph } from './testing/graphs';
import { REACT_STOP_WORD } from '@/lib/graph/react-text';

let mock: MockOpenAI;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: mrklRules, search: MRKL_SEARCH });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test-1234', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
});

const ofType = (events: TraceEvent[], type: string) => events.filter((e) => e.type === type);

describe('the seed 000 MRKL walk-through', () => {
  it('answers the Olivia Wilde question in four model steps with Search and Calculator, all in the trace', async () => {
    const graphId = await h.createGraph(mrklGraph(mock.origin));
    const runId = await h.startRun(graphId, { input: MRKL_QUESTION });
    const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(run.error).toBeNull();
    expect(run.status).toBe('succeeded');
    expect(JSON.stringify(run.output)).toContain(MRKL_RESULT);

    const requests = ofType(events, 'llm.request');
    const responses = ofType(events, 'llm.response');
    expect(requests).toHaveLength(4);
    expect(responses).toHaveLength(4);
    // each prompt, exactly as sent: the MRKL template with the tools, the question, the scratchpad so far
    const prompts = requests.map((e) => JSON.stringify(e.data.messages));
    expect(prompts[0]).toContain('Search: useful for when you need to answer questions about current events');
    expect(prompts[0]).toContain('Calculator: useful for when you need to answer questions about math');
    expect(prompts[0]).toContain(`Question: ${MRKL_QUESTION}`);
    expect(requests.every((e) => JSON.stringify(e.data.stop ?? []).includes(REACT_STOP_WORD))).toBe(true);
    expect(prompts[3]).toContain('2.4242784855673896');
    // each Thought / Action / Action Input, as parsed
    const parsed = responses.map((e) => e.data.parsed as Record<string, unknown>);
    expect(parsed.map((p) => [p.action ?? null, p.action_input ?? null])).toEqual([
      ['Search', "Olivia Wilde's boyfriend"],
      ['Search', 'Jason Sudeikis age'],
      ['Calculator', '47^0.23'],
      [null, null],
    ]);
    expect(parsed[0].thought).toBe('I need to do some research to answer this question.');
    expect(parsed[3].final_answer).toBe(MRKL_FINAL_ANSWER);
    // each Observation
    const results = ofType(events, 'tool.result').map((e) => [e.data.tool, String(e.data.output)]);
    expect(results).toHaveLength(3);
    expect(results[0][0]).toBe('Search');
    expect(results[0][1]).toContain(MRKL_OBSERVATION_1);
    expect(results[1][1]).toContain('47 years');
    expect(results[2]).toEqual(['Calculator', MRKL_RESULT]);
    // the final answer
    expect(ofType(events, 'run.finished')[0].data.output).toEqual(expect.stringContaining(MRKL_RESULT));
    // seq is dense and ordered
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    // usage was summed from the model calls
    expect(run.usage?.total_tokens).toBeGreaterThan(0);
    const history = await h.call('GET', `/api/graphs/${graphId}/runs`);
    expect(history.body.runs[0]).toMatchObject({ id: runId, status: 'succeeded', input: MRKL_QUESTION, usage: run.usage });
    expect(history.body.runs[0].duration_ms).toBeGreaterThanOrEqual(0);
  });
});

describe('the SSE trace stream', () => {
  it('delivers events while the run is still going, and a Last-Event-ID reconnect misses nothing and repeats nothing', async () => {
    mock.script([{ name: 'slow', reply: { content: 'one two three four five six seven eight nine ten', chunkSize: 4, delayMs: 60 } }]);
    const graphId = await h.createGraph(agentGraph('slow-writer'));
    const runId = await h.startRun(graphId, { input: 'Write slowly.' });

    const first = await h.events(runId);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(first.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(first.res.headers.get('x-accel-buffering')).toBe('no');
    // read until the first streamed text arrives, then leave
    const part1 = await h.collect(first.sse, (e) => e.type === 'llm.delta');
    expect(part1.at(-1)!.type).toBe('llm.delta');
    const { run: during } = await h.run(runId);
    expect(during.status).toBe('running'); // the events came before the run ended

    const lastId = part1.at(-1)!.seq;
    const second = await h.events(runId, { lastEventId: lastId });
    const part2 = await h.collect(second.sse);
    expect(part2[0].seq).toBe(lastId + 1);
    expect(part2.at(-1)!.type).toBe('run.finished');

    const all = [...part1, ...part2];
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    const { events } = await h.run(runId);
    expect(all).toEqual(events);
    const text = ofType(all, 'llm.delta').map((e) => e.data.text).join('');
    expect(text).toBe('one two three four five six seven eight nine ten');
  });

  it('replays from ?after= too, refuses a bad Last-Event-ID and 404s an unknown run', async () => {
    mock.script([{ reply: { content: 'short' } }]);
    const graphId = await h.createGraph(agentGraph('short'));
    const runId = await h.startRun(graphId, { input: 'hi' });
    await h.waitForStatus(runId, ['succeeded']);
    const { sse } = await h.events(runId, { after: 2 });
    const rest = await h.collect(sse);
    expect(rest[0].seq).toBe(3);
    expect(rest.at(-1)!.type).toBe('run.finished');
    const bad = await h.call('GET', `/api/runs/${runId}/events`, undefined, { 'last-event-id': 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/Last-Event-ID/);
    const missing = await h.call('GET', '/api/runs/nope/events');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });
});
