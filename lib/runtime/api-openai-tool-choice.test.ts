/**
 * `tool_choice` on chat completions with the real `openai` client (issue 9 item 7): `required` and a
 * named function reach the model with the entry agent's first model call (and only that one; the
 * trace's llm.request shows it), `auto` sends none, `none` offers none of the request's tools; a
 * named function that is not one of the request's tools, or a choice without tools, is refused.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';

let h: Harness;
let mock: MockOpenAI;
let client: OpenAI;

const graph: GraphDocument = {
  switchyard: 1,
  name: 'choice-agent',
  models: { default: { connection: 'default', model: 'gpt-test' } },
  tools: { calculator: { type: 'calculator', description: 'Arithmetic.' } },
  nodes: { agent: { role: 'agent', strategy: 'tool_calling', tools: ['calculator'], system_prompt: 'Help with the weather.' } },
  edges: [
    { from: 'START', to: 'agent' },
    { from: 'agent', to: 'END' },
  ],
} as GraphDocument;

const fn = (name: string, description: string): ChatCompletionTool => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
});
const WEATHER = fn('get_weather', 'The weather in a city.');
const TIME = fn('get_time', 'The local time in a city.');
const question: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];

const offered = (req: MockChatRequest) => (req.tools ?? []).map((t) => t.function?.name);

withMockHarness((started) => ({ mock, h } = started));
beforeAll(async () => {
  await h.createGraph(graph);
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
});
beforeEach(() => {
  mock.reset();
  mock.script([
    { name: 'answer', match: (req) => req.messages.some((m) => m.role === 'tool'), reply: { content: 'Sunny in Paris.' } },
    { name: 'call', reply: { tool_calls: [{ id: 'call_t1', name: 'get_weather', arguments: { city: 'Paris' } }] } },
  ]);
});

/** The run's llm.request events, through the runs API. */
async function llmRequests(runId: string): Promise<Array<Record<string, unknown>>> {
  const { events } = await h.waitForStatus(runId, ['paused', 'succeeded', 'failed']);
  return events.filter((e) => e.type === 'llm.request').map((e) => e.data);
}

describe('tool_choice on chat completions', () => {
  it('"required" goes with the first model call only; the call after the caller’s result is the model’s choice', async () => {
    const { data: first, response } = await client.chat.completions.create({ model: 'choice-agent', messages: question, tools: [WEATHER], tool_choice: 'required' }).withResponse();
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    expect(mock.chatRequests()[0].tool_choice).toBe('required');
    const runId = response.headers.get('x-switchyard-run-id')!;
    expect((await llmRequests(runId))[0].tool_choice).toBe('required');

    const second = await client.chat.completions.create({
      model: 'choice-agent',
      messages: [...question, first.choices[0].message, { role: 'tool', tool_call_id: 'call_t1', content: 'sunny' }],
      tools: [WEATHER],
      tool_choice: 'required',
    });
    expect(second.choices[0].message.content).toBe('Sunny in Paris.');
    const requests = mock.chatRequests();
    expect(requests).toHaveLength(2);
    expect(requests[1].tool_choice).toBeUndefined();
  });

  it('a named function is sent as {type: function, function: {name}} (streaming too)', async () => {
    const stream = await client.chat.completions.create({
      model: 'choice-agent',
      messages: question,
      tools: [TIME, WEATHER],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      stream: true,
    });
    let finish: string | null = null;
    for await (const c of stream) finish = c.choices[0]?.finish_reason ?? finish;
    expect(finish).toBe('tool_calls');
    const [req] = mock.chatRequests();
    expect(req.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(offered(req)).toEqual(['calculator', 'get_time', 'get_weather']);
  });

  it('"auto" sends no tool_choice; "none" offers none of the request’s tools', async () => {
    await client.chat.completions.create({ model: 'choice-agent', messages: question, tools: [WEATHER], tool_choice: 'auto' });
    const [auto] = mock.chatRequests();
    expect(auto.tool_choice).toBeUndefined();
    expect(offered(auto)).toEqual(['calculator', 'get_weather']);

    mock.reset();
    mock.script([{ reply: { content: 'No tools for me.' } }]);
    const none = await client.chat.completions.create({ model: 'choice-agent', messages: question, tools: [WEATHER], tool_choice: 'none' });
    expect(none.choices[0].message.content).toBe('No tools for me.');
    const [req] = mock.chatRequests();
    expect(offered(req)).toEqual(['calculator']);
    expect(req.tool_choice).toBeUndefined();
  });

  it('refuses a named function the request does not offer, and a choice without tools, before any model call', async () => {
    await expect(
      client.chat.completions.create({ model: 'choice-agent', messages: question, tools: [WEATHER], tool_choice: { type: 'function', function: { name: 'calculator' } } }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_tool_choice', param: 'tool_choice' });
    await expect(client.chat.completions.create({ model: 'choice-agent', messages: question, tool_choice: 'required' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_tool_choice',
    });
    expect(mock.chatRequests()).toHaveLength(0);
  });
});
