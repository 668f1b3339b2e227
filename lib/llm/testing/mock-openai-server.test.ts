import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { createModelPort } from '../chat';
import type { ChatMessage, ChatRequest, ToolDefinition } from '../../engine/ports';
import { startMockOpenAI, type MockOpenAI } from './mock-openai-server';
import { BUILTIN_RULES, BUILTIN_SEARCH, MRKL_FINAL_ANSWER, MRKL_OBSERVATION_1, MRKL_QUESTION } from './scenarios';
import { REACT_STOP } from '../../graph/react-text';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

// The mock model listens on 127.0.0.1: allowed as an operator allows a local server.
allowLoopbackModels();

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI({ rules: BUILTIN_RULES, search: BUILTIN_SEARCH });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const model = () => createModelPort({ resolveConnection: async () => ({ name: 'default', base_url: mock.url, api_key: 'k' }), sleep: async () => {} });
const chat = (messages: ChatMessage[], extra: Partial<ChatRequest> = {}) =>
  model().chat({ connection: 'default', model: 'mock-model', messages, signal: new AbortController().signal, ...extra });

const REACT_PROMPT = (transcript: string) => `Answer the following questions as best as you can. You have access to the following tools:

search: useful for when you need to answer questions about current events
calc: useful for when you need to answer questions about math

Use the following format:

Question: the input question you must answer
Thought: you should always think about what to do
Action: the action to take, should be one of [search, calc]
Action Input: the input to the action
Observation: the result of the action
... (this Thought/Action/Action Input/Observation can repeat N times)
Thought: I now know the final answer
Final Answer: the final answer to the original input question

Begin!
Question: ${MRKL_QUESTION}
Thought:${transcript}`;

describe('mock OpenAI server: protocol', () => {
  it('answers the real openai client, streamed and not, and lists models', async () => {
    const client = new OpenAI({ apiKey: 'k', baseURL: mock.url });
    const plain = await client.chat.completions.create({ model: 'mock-model', messages: [{ role: 'user', content: 'hello' }] });
    expect(plain.choices[0].message.content).toBe('Hello! I am the Switchyard mock model.');
    expect(plain.usage?.total_tokens).toBeGreaterThan(0);
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toContain('mock-model');
    const res = await fetch(`${mock.origin}/health`);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('fails legibly when no rule matches, naming the last user message', async () => {
    const res = await fetch(`${mock.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'unscripted question' }] }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain('"unscripted question"');
  });

  it('cuts content at a stop sequence like a real server', async () => {
    mock.script([{ reply: { content: 'Action: x\nObservation: made up' } }]);
    const r = await chat([{ role: 'user', content: 'q' }], { stop: REACT_STOP });
    expect(r.message.content).toBe('Action: x\n');
  });

  it('takes declarative scripts over HTTP, honours `times`, records requests, and resets', async () => {
    const script = {
      rules: [
        { name: 'limited', match: { lastUserContains: 'ping' }, times: 1, reply: { error: { status: 429, retryAfter: 0 } } },
        { name: 'pong', match: { lastUserContains: 'ping', turn: 1 }, reply: { content: 'pong' } },
      ],
    };
    const set = await fetch(`${mock.origin}/__mock/script`, { method: 'POST', body: JSON.stringify(script) });
    expect(set.status).toBe(200);
    const retries: number[] = [];
    const r = await chat([{ role: 'user', content: 'ping' }], { onRetry: (i) => retries.push(i.attempt) });
    expect(r.message.content).toBe('pong');
    expect(retries).toEqual([1]);
    const recorded = (await (await fetch(`${mock.origin}/__mock/requests`)).json()).requests;
    expect(recorded.map((x: { rule: string }) => x.rule)).toEqual(['limited', 'pong']);
    expect(recorded[0].headers.authorization).toBe('Bearer k');
    const bad = await fetch(`${mock.origin}/__mock/script`, { method: 'POST', body: JSON.stringify({ rules: [{ reply: { bogus: 1 } }] }) });
    expect(bad.status).toBe(400);
    await fetch(`${mock.origin}/__mock/reset`, { method: 'POST' });
    expect((await chat([{ role: 'user', content: 'hello' }])).message.content).toContain('mock model');
  });
});

describe('mock OpenAI server: MRKL walk-through (seed 000)', () => {
  it('walks Search → Search → Calculator → Final Answer in the react format, by what the transcript holds', async () => {
    const steps: string[] = [];
    let transcript = '';
    const observations: Record<string, string> = { "Olivia Wilde's boyfriend": MRKL_OBSERVATION_1, 'Jason Sudeikis age': '47 years', '47^0.23': '2.4242784855673896' };
    for (let i = 0; i < 4; i++) {
      const r = await chat([{ role: 'user', content: REACT_PROMPT(transcript) }], { stop: REACT_STOP });
      const text = r.message.content ?? '';
      steps.push(text);
      const input = /Action Input: (.*)/.exec(text)?.[1];
      if (!input) break;
      transcript += ` ${text}\nObservation: ${observations[input]}\nThought:`;
    }
    expect(steps[0]).toBe("I need to do some research to answer this question.\nAction: search\nAction Input: Olivia Wilde's boyfriend");
    expect(steps[1]).toBe('I need to find out his age\nAction: search\nAction Input: Jason Sudeikis age');
    expect(steps[2]).toBe('I need to raise it to the 0.23 power\nAction: calc\nAction Input: 47^0.23');
    expect(steps[3]).toBe(`I now know the final answer\nFinal Answer: ${MRKL_FINAL_ANSWER}`);
    expect(mock.chatRequests().every((r) => JSON.stringify(r.stop) === '["Observation:"]')).toBe(true);
  });

  it('walks the same question with native tool calls, choosing tools by their parameters', async () => {
    const tools: ToolDefinition[] = [
      { type: 'function', function: { name: 'web', parameters: { type: 'object', properties: { query: { type: 'string' } } } } },
      { type: 'function', function: { name: 'math', parameters: { type: 'object', properties: { expression: { type: 'string' } } } } },
    ];
    const messages: ChatMessage[] = [{ role: 'user', content: MRKL_QUESTION }];
    const results: Record<string, string> = { "Olivia Wilde's boyfriend": MRKL_OBSERVATION_1, 'Jason Sudeikis age': '47 years', '47^0.23': '2.4242784855673896' };
    const calls: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await chat(messages, { tools });
      messages.push(r.message);
      if (!r.message.tool_calls) break;
      for (const tc of r.message.tool_calls) {
        const args = JSON.parse(tc.function.arguments) as Record<string, string>;
        const arg = args.query ?? args.expression;
        calls.push(`${tc.function.name}(${arg})`);
        messages.push({ role: 'tool', tool_call_id: tc.id, content: results[arg] });
      }
    }
    expect(calls).toEqual(["web(Olivia Wilde's boyfriend)", 'web(Jason Sudeikis age)', 'math(47^0.23)']);
    expect(messages.at(-1)).toEqual({ role: 'assistant', content: MRKL_FINAL_ANSWER });
  });

  it('serves the walk-through searches from its fake SearXNG and Serper back ends', async () => {
    const sx = await (await fetch(`${mock.origin}/search?format=json&q=${encodeURIComponent("Olivia Wilde's boyfriend")}`)).json();
    expect(sx.results[0].content).toBe(MRKL_OBSERVATION_1);
    const sp = await (await fetch(`${mock.origin}/serper/search`, { method: 'POST', body: JSON.stringify({ q: 'Jason Sudeikis age' }) })).json();
    expect(sp.organic[0].snippet).toBe('47 years');
  });
});

describe('mock OpenAI server: multi-agent scenarios', () => {
  it('writer/reviewer: revise twice, approve the third draft, the same on a rerun', async () => {
    const run = async () => {
      const log: string[] = [];
      const convo: ChatMessage[] = [{ role: 'user', content: 'the history of graph agents' }];
      for (let i = 0; i < 6; i++) {
        const draft = await chat([{ role: 'system', content: 'You are a writer.' }, ...convo]);
        convo.push(draft.message);
        log.push((draft.message.content ?? '').split(':')[0]);
        const verdict = await chat([{ role: 'system', content: 'You are a reviewer. Answer revise or approve.' }, ...convo]);
        log.push(verdict.message.content ?? '');
        if (verdict.message.content === 'approve') break;
        convo.push({ role: 'user', content: verdict.message.content ?? '' });
      }
      return log;
    };
    const first = await run();
    expect(first).toEqual(['Draft 1', 'revise', 'Draft 2', 'revise', 'Draft 3', 'approve']);
    expect(await run()).toEqual(first);
  });

  it('supervisor: delegates to each worker tool once, passing results on, then answers', async () => {
    const tools: ToolDefinition[] = ['researcher', 'writer'].map((name) => ({
      type: 'function',
      function: { name, parameters: { type: 'object', properties: { task: { type: 'string' } }, required: ['task'] } },
    }));
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are the supervisor of a team.' },
      { role: 'user', content: 'Report on solar power' },
    ];
    const delegated: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await chat(messages, { tools });
      messages.push(r.message);
      if (!r.message.tool_calls) break;
      const tc = r.message.tool_calls[0];
      delegated.push(tc.function.name);
      const task = JSON.parse(tc.function.arguments).task as string;
      const worker = await chat([{ role: 'system', content: `You are the ${tc.function.name}.` }, { role: 'user', content: task }]);
      messages.push({ role: 'tool', tool_call_id: tc.id, content: worker.message.content ?? '' });
    }
    expect(delegated).toEqual(['researcher', 'writer']);
    const writerTask = mock.chatRequests().at(-2)!.messages.at(-1)!.content as string;
    expect(writerTask).toContain('Report on solar power');
    expect(writerTask).toContain('- researcher: Findings:');
    expect(messages.at(-1)?.content).toMatch(/^Final answer \(from researcher, writer\): Draft 1/);
  });

  it('planner emits a numbered plan and the executor runs each step', async () => {
    const plan = await chat([{ role: 'system', content: 'You are a planner. Reply with a numbered plan.' }, { role: 'user', content: 'Compare two databases' }]);
    const steps = (plan.message.content ?? '').split('\n');
    expect(steps).toEqual(['1. Gather the facts', '2. Compute the numbers', '3. Write the summary']);
    const results: string[] = [];
    for (const step of steps) {
      const r = await chat([{ role: 'system', content: 'You are an executor. Do the step.' }, { role: 'user', content: `Plan:\n${plan.message.content}\n\nDo this step: ${step.slice(3)}` }]);
      results.push(r.message.content ?? '');
    }
    expect(results).toEqual(['Result of step 1: Gather the facts done.', 'Result of step 2: Compute the numbers done.', 'Result of step 3: Write the summary done.']);
  });
});
