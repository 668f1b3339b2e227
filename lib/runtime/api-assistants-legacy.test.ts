/**
 * The legacy Assistants API (issue 24 part 6) through the real `openai` client: an assistant's
 * (or a run's) `function` tools are honoured as client tools (requires_action, submit_tool_outputs),
 * hosted tools and assistant-level sampling are refused with a 400 naming the parameter,
 * `runs.steps.list` / `retrieve` show the graph's tool calls and the reply, `messages.retrieve`
 * reads one message.
 */
import OpenAI from 'openai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;
let client: OpenAI;

const OPEN_MODELS = { default: { connection: 'default', model: 'mock-model' } };
const WEATHER = { type: 'function' as const, function: { name: 'get_weather', description: 'The weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };
const toolResult = (req: MockChatRequest) => req.messages.find((m) => m.role === 'tool')?.content;
const offers = (name: string) => (req: MockChatRequest) => req.tools?.some((t) => t.function?.name === name) ?? false;

withMockHarness((started) => ({ mock, h } = started));
beforeAll(async () => {
  await h.createGraph(agentGraph('legacy-agent', { models: OPEN_MODELS, tools: { calculator: { type: 'calculator', description: 'Arithmetic.' } }, agent: { tools: ['calculator'] } }));
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
});
beforeEach(() => {
  mock.reset();
  mock.script([
    { name: 'answer', match: (req) => toolResult(req) !== undefined, reply: (req) => ({ content: `Result: ${String(toolResult(req))}.` }) },
    { name: 'weather', match: offers('get_weather'), reply: { tool_calls: [{ id: 'call_w1', name: 'get_weather', arguments: { city: 'Paris' } }] } },
    { name: 'calc', match: { lastUserContains: 'six times seven' }, reply: { tool_calls: [{ id: 'call_c1', name: 'calculator', arguments: { expression: '6*7' } }] } },
    { name: 'plain', reply: { content: 'Plain answer.' } },
  ]);
});

describe('assistant tools', () => {
  it("an assistant's function tool is offered to the graph; a call is requires_action, submit_tool_outputs continues the run", async () => {
    const assistant = await client.beta.assistants.create({ model: 'legacy-agent', tools: [WEATHER] });
    expect(assistant.tools).toEqual([WEATHER]);
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'Weather in Paris?' }] });
    const paused = await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: assistant.id }, { pollIntervalMs: 20 });
    expect(paused.status).toBe('requires_action');
    expect(paused.tools).toEqual([WEATHER]);
    const calls = paused.required_action!.submit_tool_outputs.tool_calls;
    expect(calls).toEqual([{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
    // The waiting run's steps show the call it waits on, in progress.
    const waiting = await client.beta.threads.runs.steps.list(paused.id, { thread_id: thread.id });
    expect(waiting.data).toHaveLength(1);
    expect(waiting.data[0]).toMatchObject({ type: 'tool_calls', status: 'in_progress', step_details: { tool_calls: [{ id: 'call_w1', function: { name: 'get_weather', output: null } }] } });
    const done = await client.beta.threads.runs.submitToolOutputsAndPoll(paused.id, { thread_id: thread.id, tool_outputs: [{ tool_call_id: 'call_w1', output: 'sunny' }] }, { pollIntervalMs: 20 });
    expect(done.status).toBe('completed');
    const messages = await client.beta.threads.messages.list(thread.id);
    expect(messages.data[0].content[0]).toMatchObject({ type: 'text', text: { value: 'Result: sunny.' } });
    expect(mock.count('weather')).toBe(1);
  });

  it("a run's tools replace the assistant's; without function tools nothing is offered", async () => {
    const assistant = await client.beta.assistants.create({ model: 'legacy-agent', tools: [WEATHER] });
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'Weather in Paris?' }] });
    const run = await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: assistant.id, tools: [] }, { pollIntervalMs: 20 });
    expect(run.status).toBe('completed');
    expect(mock.count('weather')).toBe(0);
    expect(mock.count('plain')).toBe(1);
  });

  it('hosted tools, malformed functions and assistant-level sampling are refused with a 400 naming the parameter', async () => {
    const refused = async (p: Promise<unknown>, param: string) => {
      const err = await p.catch((e: unknown) => e);
      expect(err, param).toBeInstanceOf(OpenAI.BadRequestError);
      expect((err as InstanceType<typeof OpenAI.BadRequestError>).param).toBe(param);
    };
    await refused(client.beta.assistants.create({ model: 'legacy-agent', tools: [{ type: 'code_interpreter' }] }), 'tools[0].type');
    await refused(client.beta.assistants.create({ model: 'legacy-agent', tools: [WEATHER, { type: 'function', function: { name: 'bad name!' } }] }), 'tools[1].function.name');
    await refused(client.beta.assistants.create({ model: 'legacy-agent', tools: [{ type: 'function', function: { name: 'calculator' } }] }), 'tools');
    await refused(client.beta.assistants.create({ model: 'legacy-agent', temperature: 0.5 }), 'temperature');
    const assistant = await client.beta.assistants.create({ model: 'legacy-agent' });
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'hi' }] });
    await refused(client.beta.threads.runs.create(thread.id, { assistant_id: assistant.id, tools: [{ type: 'file_search' }] }), 'tools[0].type');
    await refused(client.beta.threads.runs.create(thread.id, { assistant_id: assistant.id, response_format: { type: 'json_object' } }), 'response_format');
    expect(mock.chatRequests()).toHaveLength(0);
    // A run's temperature reaches the model call.
    const run = await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: assistant.id, temperature: 0.3, max_completion_tokens: 40 }, { pollIntervalMs: 20 });
    expect(run.status).toBe('completed');
    expect(mock.chatRequests().at(-1)).toMatchObject({ temperature: 0.3, max_tokens: 40 });
  });
});

describe('run steps and messages.retrieve', () => {
  it("lists the graph's tool calls and the reply as steps; retrieves a step and a message", async () => {
    const assistant = await client.beta.assistants.create({ model: 'legacy-agent' });
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'What is six times seven?' }] });
    const run = await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: assistant.id }, { pollIntervalMs: 20 });
    expect(run.status).toBe('completed');

    const steps = await client.beta.threads.runs.steps.list(run.id, { thread_id: thread.id, order: 'asc' });
    expect(steps.data.map((s) => s.type)).toEqual(['tool_calls', 'message_creation']);
    const [tool, message] = steps.data;
    expect(tool).toMatchObject({ object: 'thread.run.step', run_id: run.id, thread_id: thread.id, assistant_id: assistant.id, status: 'completed' });
    expect(tool.step_details).toEqual({ type: 'tool_calls', tool_calls: [{ id: 'call_c1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"6*7"}', output: '42' } }] });
    const messageId = (message.step_details as OpenAI.Beta.Threads.Runs.MessageCreationStepDetails).message_creation.message_id;

    const newestFirst = await client.beta.threads.runs.steps.list(run.id, { thread_id: thread.id, limit: 1 });
    expect(newestFirst.data.map((s) => s.id)).toEqual([message.id]);
    expect(newestFirst.has_more).toBe(true);
    expect(await client.beta.threads.runs.steps.retrieve(tool.id, { thread_id: thread.id, run_id: run.id })).toEqual(tool);

    const reply = await client.beta.threads.messages.retrieve(messageId, { thread_id: thread.id });
    expect(reply).toMatchObject({ id: messageId, role: 'assistant', run_id: run.id, content: [{ type: 'text', text: { value: 'Result: 42.' } }] });

    const missing = await client.beta.threads.messages.retrieve('msg_nope', { thread_id: thread.id }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    const noStep = await client.beta.threads.runs.steps.retrieve('step_nope', { thread_id: thread.id, run_id: run.id }).catch((e: unknown) => e);
    expect(noStep).toBeInstanceOf(OpenAI.NotFoundError);
  });
});
