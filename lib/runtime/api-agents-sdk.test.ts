/**
 * The OpenAI Agents SDK (@openai/agents) against Switchyard's Responses API (issue 24 item 2): an
 * Agent whose model is a graph name, its OpenAI client pointed at the server, answers; a function
 * tool defined in the SDK is called through the round trip (the graph's agent calls it as a client
 * tool, the SDK runs it and sends its output back, the same run goes on) — plain and streamed.
 */
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GraphDocument } from '@/lib/graph/schema';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';

let h: Harness;
let mock: MockOpenAI;
let runner: Runner;

const graph: GraphDocument = {
  switchyard: 1,
  name: 'weather-agent',
  models: { default: { connection: 'default', model: 'gpt-test' } },
  nodes: { agent: { role: 'agent', strategy: 'tool_calling', system_prompt: 'Help with the weather.' } },
  edges: [
    { from: 'START', to: 'agent' },
    { from: 'agent', to: 'END' },
  ],
} as GraphDocument;

const toolResult = (req: MockChatRequest) => req.messages.find((m) => m.role === 'tool')?.content;
const offersWeather = (req: MockChatRequest) => req.tools?.some((t) => t.function?.name === 'get_weather') ?? false;

const asked: string[] = [];
const getWeather = tool({
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    asked.push(city);
    return `sunny in ${city}`;
  },
});

withMockHarness((started) => ({ mock, h } = started));
beforeAll(async () => {
  await h.createGraph(graph);
  runner = new Runner({ modelProvider: new OpenAIProvider({ apiKey: 'unused', baseURL: `${h.api.url}/api/v1`, useResponses: true }), tracingDisabled: true });
});
beforeEach(() => {
  asked.length = 0;
  mock.reset();
  mock.script([
    { name: 'answer', match: (req) => toolResult(req) !== undefined, reply: (req) => ({ content: `Forecast: ${String(toolResult(req))}.`, chunkSize: 5 }) },
    { name: 'call', match: offersWeather, reply: { tool_calls: [{ id: 'call_sdk1', name: 'get_weather', arguments: { city: 'Paris' } }] } },
    { name: 'plain', reply: { content: 'Hello from the graph.', chunkSize: 4 } },
  ]);
});

describe('the OpenAI Agents SDK with a graph as its model', () => {
  it('answers, and an SDK function tool is called through the round trip', async () => {
    const hello = await runner.run(new Agent({ name: 'Greeter', instructions: 'Greet.', model: 'weather-agent' }), 'Hi!');
    expect(hello.finalOutput).toBe('Hello from the graph.');

    const weather = new Agent({ name: 'Weather', instructions: 'Use the tool.', model: 'weather-agent', tools: [getWeather] });
    const result = await runner.run(weather, 'Weather in Paris?');
    expect(result.finalOutput).toBe('Forecast: sunny in Paris.');
    expect(asked).toEqual(['Paris']);
    expect(mock.count('call')).toBe(1); // the tool output continued the run that called it
    expect(mock.chatRequests().at(-1)!.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_sdk1', content: 'sunny in Paris' });
  });

  it('streamed: the text arrives as deltas and the tool round trip works the same', async () => {
    const weather = new Agent({ name: 'Weather', instructions: 'Use the tool.', model: 'weather-agent', tools: [getWeather] });
    const stream = await runner.run(weather, 'Weather in Paris?', { stream: true });
    let text = '';
    for await (const chunk of stream.toTextStream()) text += chunk;
    await stream.completed;
    expect(stream.error ?? null).toBeNull();
    expect(stream.finalOutput).toBe('Forecast: sunny in Paris.');
    expect(text).toBe('Forecast: sunny in Paris.');
    expect(asked).toEqual(['Paris']);
  });

  it('an unknown graph is the SDK error OpenAI would give', async () => {
    await expect(runner.run(new Agent({ name: 'Lost', model: 'no-such-graph' }), 'Hi')).rejects.toMatchObject({ status: 404 });
  });
});
