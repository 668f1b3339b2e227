/**
 * Client tools over chat completions with the real `openai` client (issue 9 item 7): the request's
 * tools reach the model next to the agent's own; a call of one ends the reply with tool_calls; the
 * next request with the `role: tool` result continues the same run (stream and non-stream).
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

const assistantGraph: GraphDocument = {
  switchyard: 1,
  name: 'weather-agent',
  models: { default: { connection: 'default', model: 'gpt-test' } },
  tools: { calculator: { type: 'calculator', description: 'Arithmetic.' } },
  nodes: { agent: { role: 'agent', strategy: 'tool_calling', tools: ['calculator'], system_prompt: 'Help with the weather.' } },
  edges: [
    { from: 'START', to: 'agent' },
    { from: 'agent', to: 'END' },
  ],
} as GraphDocument;

const WEATHER: ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'The weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

const hasToolResult = (req: MockChatRequest) => req.messages.some((m) => m.role === 'tool');

withMockHarness((started) => ({ mock, h } = started));
beforeAll(async () => {
  await h.createGraph(assistantGraph);
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
});
beforeEach(() => {
  mock.reset();
  mock.script([
    {
      name: 'answer',
      match: hasToolResult,
      reply: (req) => ({ content: `It is ${String(req.messages.find((m) => m.role === 'tool')?.content)} in Paris.`, chunkSize: 4 }),
    },
    { name: 'call', reply: { tool_calls: [{ id: 'call_w1', name: 'get_weather', arguments: { city: 'Paris' } }] } },
  ]);
});

const question: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];

describe('client tools on chat completions', () => {
  it('non-stream: finish_reason tool_calls with the call, then the tool result continues the same run', async () => {
    const { data: first, response: firstResponse } = await client.chat.completions.create({ model: 'weather-agent', messages: question, tools: [WEATHER] }).withResponse();
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    const calls = first.choices[0].message.tool_calls!;
    expect(calls).toEqual([{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
    const offered = (mock.chatRequests()[0] as unknown as { tools: ChatCompletionTool[] }).tools.map((t) => (t as { function: { name: string } }).function.name);
    expect(offered).toEqual(['calculator', 'get_weather']);

    const second = await client.chat.completions
      .create({
        model: 'weather-agent',
        messages: [...question, first.choices[0].message, { role: 'tool', tool_call_id: 'call_w1', content: 'sunny, 21 °C' }],
        tools: [WEATHER],
      })
      .withResponse();
    expect(second.data.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'It is sunny, 21 °C in Paris.' } });
    // The same run went on: the model was asked twice in all, the first call not repeated.
    expect(second.response.headers.get('x-switchyard-run-id')).toBe(firstResponse.headers.get('x-switchyard-run-id'));
    // Each completion has its own id, though both legs are one run.
    expect(second.data.id).toMatch(/^chatcmpl-/);
    expect(second.data.id).not.toBe(first.id);
    expect(mock.count('call')).toBe(1);
    const last = mock.chatRequests().at(-1)!;
    expect(last.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_w1', content: 'sunny, 21 °C' });
  });

  it('stream: delta.tool_calls chunks and finish_reason tool_calls, then the streamed answer', async () => {
    const stream = await client.chat.completions.create({ model: 'weather-agent', messages: question, tools: [WEATHER], stream: true });
    const deltas: unknown[] = [];
    let finish: string | null = null;
    for await (const c of stream) {
      if (c.choices[0]?.delta.tool_calls) deltas.push(...c.choices[0].delta.tool_calls);
      finish = c.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe('tool_calls');
    expect(deltas).toEqual([{ index: 0, id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);

    const next = client.chat.completions.stream({
      model: 'weather-agent',
      messages: [
        ...question,
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'call_w1', content: 'rainy' },
      ],
      tools: [WEATHER],
    });
    const done = await next.finalChatCompletion();
    expect(done.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'It is rainy in Paris.' } });
  });

  it('tool_choice "none" offers no client tools; unknown tool_call ids are refused', async () => {
    mock.script([{ reply: { content: 'No tools for me.' } }]);
    const r = await client.chat.completions.create({ model: 'weather-agent', messages: question, tools: [WEATHER], tool_choice: 'none' });
    expect(r.choices[0].message.content).toBe('No tools for me.');
    expect((mock.chatRequests()[0] as unknown as { tools: unknown[] }).tools).toHaveLength(1);
    await expect(
      client.chat.completions.create({ model: 'weather-agent', messages: [...question, { role: 'tool', tool_call_id: 'call_nobody', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_tool_call_id' });
  });
});
