/**
 * The Responses API (issue 24) with the official `openai` JS client against the real route handlers
 * and the mock model server: plain and streamed responses (event names, order and sequence numbers
 * as the SDK's types have them; its stream helper accumulates the text), a function tool round trip
 * through `previous_response_id` (the same run goes on), history through the chain, retrieve /
 * input_items / delete, background + cancel, sampling parameters on the model calls, a human pause
 * as `incomplete`, and the failure cases in OpenAI's error shape.
 */
import OpenAI from 'openai';
import type { FunctionTool, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { Harness } from './testing/harness';
import { humanGraph } from './testing/graphs';
import { withMockHarness } from './testing/mock-harness';

let h: Harness;
let mock: MockOpenAI;
let client: OpenAI;
let weatherGraphId: string;

const agent = (name: string, models: GraphDocument['models'] = { default: { connection: 'default', model: 'gpt-test' } }): GraphDocument =>
  ({
    switchyard: 1,
    name,
    models,
    tools: { calculator: { type: 'calculator', description: 'Arithmetic.' } },
    nodes: { agent: { role: 'agent', strategy: 'tool_calling', tools: ['calculator'], system_prompt: 'Help with the weather.' } },
    edges: [
      { from: 'START', to: 'agent' },
      { from: 'agent', to: 'END' },
    ],
  }) as GraphDocument;

const WEATHER: FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: true,
};

const toolResult = (req: MockChatRequest) => req.messages.find((m) => m.role === 'tool')?.content;
const offersWeather = (req: MockChatRequest) => req.tools?.some((t) => t.function?.name === 'get_weather') ?? false;
const userTexts = (req: MockChatRequest) => req.messages.filter((m) => m.role === 'user').map((m) => m.content);

withMockHarness((started) => ({ mock, h } = started));
beforeAll(async () => {
  weatherGraphId = await h.createGraph(agent('weather-agent'));
  await h.createGraph(humanGraph('gated'));
  await h.createGraph(agent('unconfigured', { default: { connection: 'nowhere', model: 'x' } }));
  await h.createGraph(agent('fixed-temperature', { default: { connection: 'default', model: 'gpt-test', temperature: 0.9 } }));
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
});
beforeEach(() => {
  mock.reset();
  mock.script([
    { name: 'answer', match: (req) => toolResult(req) !== undefined, reply: (req) => ({ content: `It is ${String(toolResult(req))} in Paris.`, chunkSize: 4 }) },
    { name: 'call', match: offersWeather, reply: { tool_calls: [{ id: 'call_w1', name: 'get_weather', arguments: { city: 'Paris' } }] } },
    { name: 'slow', match: (req) => userTexts(req).includes('take your time'), reply: { content: 'Done at last.', chunkSize: 2, delayMs: 400 } },
    { name: 'plain', reply: { content: 'The answer is 42.', chunkSize: 3, usage: { prompt_tokens: 11, completion_tokens: 5 } } },
  ]);
});

describe('POST /v1/responses', () => {
  it('answers a response with its output text, usage, echoed request and the sampling on the model call', async () => {
    const r = await client.responses.create({
      model: 'weather-agent',
      input: 'What is the answer?',
      instructions: 'Be brief.',
      metadata: { ticket: 'T-1' },
      temperature: 0.2,
      top_p: 0.5,
      max_output_tokens: 64,
    });
    expect(r).toMatchObject({ object: 'response', status: 'completed', model: 'weather-agent', metadata: { ticket: 'T-1' }, instructions: 'Be brief.', temperature: 0.2, max_output_tokens: 64, error: null });
    expect(r.id).toMatch(/^resp_/);
    expect(r.output_text).toBe('The answer is 42.');
    expect(r.output).toEqual([{ id: expect.stringMatching(/^msg_/), type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'The answer is 42.', annotations: [] }] }]);
    expect(r.usage).toEqual({ input_tokens: 11, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 16 });
    const sent = mock.chatRequests()[0] as unknown as MockChatRequest & { temperature?: number; top_p?: number; max_tokens?: number };
    expect({ temperature: sent.temperature, top_p: sent.top_p, max_tokens: sent.max_tokens }).toEqual({ temperature: 0.2, top_p: 0.5, max_tokens: 64 });
    expect(sent.messages.some((m) => m.role === 'system' && m.content === 'Be brief.')).toBe(true);
    expect(userTexts(sent)).toEqual(['What is the answer?']);

    // Without sampling parameters, the graph's own settings stay.
    await client.responses.create({ model: 'weather-agent', input: 'Again?' });
    expect((mock.chatRequests()[1] as unknown as { temperature?: number }).temperature).toBeUndefined();
  });

  it('streams the events in OpenAI order with consecutive sequence numbers; the SDK helper accumulates the text', async () => {
    const stream = client.responses.stream({ model: 'weather-agent', input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is the answer?' }] }] });
    const events: ResponseStreamEvent[] = [];
    let deltas = '';
    stream.on('event', (e) => events.push(e));
    stream.on('response.output_text.delta', (e) => (deltas += e.delta));
    const final = await stream.finalResponse();
    expect(final.output_text).toBe('The answer is 42.');
    expect(deltas).toBe('The answer is 42.');
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const types = events.map((e) => e.type).filter((t, i, all) => t !== 'response.output_text.delta' || all[i - 1] !== t);
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const completed = events.at(-1) as Extract<ResponseStreamEvent, { type: 'response.completed' }>;
    expect(completed.response.usage?.total_tokens).toBe(16);
    // The streamed response is stored as it ended.
    const again = await client.responses.retrieve(final.id);
    expect(again.output).toEqual(completed.response.output);
  });

  it('a function tool call ends the response with a function_call item; its output with previous_response_id continues the same run', async () => {
    const { data: first, response: firstHttp } = await client.responses.create({ model: 'weather-agent', input: 'Weather in Paris?', tools: [WEATHER] }).withResponse();
    expect(first.status).toBe('completed');
    expect(first.output).toEqual([{ id: expect.any(String), type: 'function_call', status: 'completed', call_id: 'call_w1', name: 'get_weather', arguments: '{"city":"Paris"}' }]);
    expect(first.tools).toEqual([expect.objectContaining({ type: 'function', name: 'get_weather' })]);
    const offered = (mock.chatRequests()[0] as unknown as { tools: { function: { name: string } }[] }).tools.map((t) => t.function.name);
    expect(offered).toEqual(['calculator', 'get_weather']);

    const second = await client.responses
      .create({ model: 'weather-agent', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: 'call_w1', output: 'sunny' }], tools: [WEATHER], temperature: 0.1 })
      .withResponse();
    expect(second.data.output_text).toBe('It is sunny in Paris.');
    expect(second.data.previous_response_id).toBe(first.id);
    expect(mock.count('call')).toBe(1); // the run went on: the first call was not asked again
    expect(second.response.headers.get('x-switchyard-run-id')).toBe(firstHttp.headers.get('x-switchyard-run-id'));
    expect(mock.chatRequests().at(-1)!.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_w1', content: 'sunny' });
    // The continued turn's model calls get this request's sampling (the first call had the graph's).
    expect(mock.chatRequests().map((r) => (r as unknown as { temperature?: number }).temperature)).toEqual([undefined, 0.1]);

    // Streamed: the function call's events, then the continuation streams the answer.
    const s = client.responses.stream({ model: 'weather-agent', input: 'Weather in Paris?', tools: [WEATHER] });
    const types: string[] = [];
    s.on('event', (e) => types.push(e.type));
    const streamed = await s.finalResponse();
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const call = streamed.output[0];
    expect(call).toMatchObject({ type: 'function_call', call_id: 'call_w1', arguments: '{"city":"Paris"}' });
    const next = await client.responses.stream({ model: 'weather-agent', previous_response_id: streamed.id, input: [{ type: 'function_call_output', call_id: 'call_w1', output: 'rainy' }], tools: [WEATHER] }).finalResponse();
    expect(next.output_text).toBe('It is rainy in Paris.');
  });

  it('previous_response_id gives a new run the earlier turns as history', async () => {
    const first = await client.responses.create({ model: 'weather-agent', input: 'First question' });
    await client.responses.create({ model: 'weather-agent', input: 'Second question', previous_response_id: first.id });
    const sent = mock.chatRequests().at(-1)!;
    expect(userTexts(sent)).toEqual(['First question', 'Second question']);
    expect(sent.messages.some((m) => m.role === 'assistant' && m.content === 'The answer is 42.')).toBe(true);
  });

  it('retrieve, input_items and delete a stored response; store: false keeps nothing', async () => {
    const r = await client.responses.create({ model: 'weather-agent', input: [{ role: 'user', content: 'one' }, { role: 'assistant', content: 'two' }, { role: 'user', content: 'three' }] });
    const got = await client.responses.retrieve(r.id);
    expect(got).toMatchObject({ id: r.id, status: 'completed', output_text: 'The answer is 42.' });
    const items = await client.responses.inputItems.list(r.id, { order: 'asc' });
    expect(items.data.map((i) => (i as { role: string }).role)).toEqual(['user', 'assistant', 'user']);
    expect(items.data.every((i) => typeof i.id === 'string' && i.id.startsWith('msg_'))).toBe(true);
    const deleted: unknown = await client.responses.delete(r.id);
    expect(deleted).toEqual({ id: r.id, object: 'response', deleted: true });
    await expect(client.responses.retrieve(r.id)).rejects.toMatchObject({ status: 404, code: 'response_not_found' });

    const unstored = await client.responses.create({ model: 'weather-agent', input: 'hi', store: false });
    expect(unstored.status).toBe('completed');
    await expect(client.responses.retrieve(unstored.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('background: answers queued at once, settles for GET; cancel cancels the run', async () => {
    const bg = await client.responses.create({ model: 'weather-agent', input: 'What is the answer?', background: true });
    expect(bg.status).toBe('queued');
    let done = await client.responses.retrieve(bg.id);
    for (let i = 0; i < 100 && (done.status === 'queued' || done.status === 'in_progress'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      done = await client.responses.retrieve(bg.id);
    }
    expect(done).toMatchObject({ status: 'completed', output_text: 'The answer is 42.', background: true });

    const slow = await client.responses.create({ model: 'weather-agent', input: 'take your time', background: true });
    const cancelled = await client.responses.cancel(slow.id);
    expect(cancelled.status).toBe('cancelled');
    expect((await client.responses.retrieve(slow.id)).status).toBe('cancelled');
    // Only background responses can be cancelled.
    const fg = await client.responses.create({ model: 'weather-agent', input: 'hi' });
    await expect(client.responses.cancel(fg.id)).rejects.toMatchObject({ status: 400 });
  });

  it('a run paused at a human step answers incomplete with the reason; the next response with previous_response_id answers the step', async () => {
    const r = await client.responses.create({ model: 'gated', input: 'Release notes' });
    expect(r.status).toBe('incomplete');
    expect(r.incomplete_details).toEqual({ reason: 'human_input_required' });
    expect(r.output_text).toMatch(/awaiting approval.*Publish this draft\?/s);
    const asked = mock.chatRequests().length;
    const approved = await client.responses.create({ model: 'gated', input: 'approve', previous_response_id: r.id });
    expect(approved.status).toBe('completed');
    expect(approved.output_text).toBe('The answer is 42.'); // the publish agent ran after the approval
    expect(mock.chatRequests().length).toBe(asked + 1); // the run went on: the writer was not asked again
    const notOne = await h.call('POST', '/api/v1/responses', { model: 'gated', previous_response_id: (await client.responses.create({ model: 'gated', input: 'Notes' })).id, input: [{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }] });
    expect(notOne.status).toBe(400);
    expect(notOne.body.error).toMatchObject({ param: 'input', message: expect.stringMatching(/waits for a person/) });
    const again = await client.responses.create({ model: 'gated', input: 'Release notes' });
    const rejected = await client.responses.create({ model: 'gated', input: 'reject: not now', previous_response_id: again.id });
    expect(rejected.output_text).toMatch(/rejected.*not now/);
    const s = client.responses.stream({ model: 'gated', input: 'Release notes' });
    const types: string[] = [];
    s.on('event', (e) => types.push(e.type));
    await s.done().catch(() => undefined);
    expect(types.at(-1)).toBe('response.incomplete');
  });

  it('failures in OpenAI shape: unknown model, bad input items, unsupported tools and parameters, a failed run', async () => {
    const unknown = await client.responses.create({ model: 'no-such-graph', input: 'hi' }).catch((e) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown).toMatchObject({ code: 'model_not_found', param: 'model', type: 'invalid_request_error' });

    const image = await client.responses.create({ model: 'weather-agent', input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x/y.png', detail: 'auto' }] }] }).catch((e) => e);
    expect(image).toBeInstanceOf(OpenAI.BadRequestError);
    expect(image.param).toBe('input.0.content.0.type');

    const odd = await h.call('POST', '/api/v1/responses', { model: 'weather-agent', input: [{ type: 'reasoning', summary: [] }] });
    expect(odd.status).toBe(400);
    expect(odd.body.error).toMatchObject({ type: 'invalid_request_error', param: 'input.0.type' });

    const noInput = await h.call('POST', '/api/v1/responses', { model: 'weather-agent' });
    expect(noInput.body.error).toMatchObject({ param: 'input' });
    const badTemp = await h.call('POST', '/api/v1/responses', { model: 'weather-agent', input: 'x', temperature: 7 });
    expect(badTemp.status).toBe(400);
    expect(badTemp.body.error.param).toBe('temperature');
    // A graph that fixes a setting on its every model keeps it: the request's value is refused, naming the parameter.
    const fixed = await client.responses.create({ model: 'fixed-temperature', input: 'x', temperature: 0.2 }).catch((e) => e);
    expect(fixed).toMatchObject({ status: 400, param: 'temperature' });
    const fixedCap = await h.call('POST', '/api/v1/responses', { model: 'fixed-temperature', input: 'x', max_output_tokens: 16 });
    expect(fixedCap.status).toBe(200);

    const hosted = await client.responses.create({ model: 'weather-agent', input: 'hi', tools: [{ type: 'web_search' }] }).catch((e) => e);
    expect(hosted).toMatchObject({ status: 400, param: 'tools.0.type' });
    const format = await client.responses.create({ model: 'weather-agent', input: 'hi', text: { format: { type: 'json_object' } } }).catch((e) => e);
    expect(format).toMatchObject({ status: 400, param: 'text.format' });
    const missingPrev = await client.responses.create({ model: 'weather-agent', input: 'hi', previous_response_id: 'resp_nope' }).catch((e) => e);
    expect(missingPrev).toMatchObject({ status: 404, param: 'previous_response_id' });
    const strayOutput = await client.responses.create({ model: 'weather-agent', input: [{ type: 'function_call_output', call_id: 'call_nobody', output: 'x' }] }).catch((e) => e);
    expect(strayOutput).toMatchObject({ status: 400, code: 'invalid_tool_call_id', param: 'input' });

    const failed = await client.responses.create({ model: 'unconfigured', input: 'hi' });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'server_error', message: expect.stringMatching(/No model connection "nowhere"/) });
    const s = client.responses.stream({ model: 'unconfigured', input: 'hi' });
    const types: string[] = [];
    s.on('event', (e) => types.push(e.type));
    await s.done().catch(() => undefined);
    expect(types).toEqual(['response.created', 'response.in_progress', 'response.failed']);
  });
});

describe('/v1/conversations', () => {
  type Listed = { id?: string; type: string; role?: string; content?: unknown };
  const texts = (items: Listed[]) => items.map((i) => (i.type === 'message' ? `${i.role}: ${(i.content as { text: string }[]).map((p) => p.text).join('')}` : i.type));
  const idOf = (i: { id?: string }) => i.id ?? '(no id)';

  it('create / retrieve / update / delete; responses in it see its items, and their turns join it', async () => {
    const conv = await client.conversations.create({ metadata: { topic: 'demo' }, items: [{ type: 'message', role: 'user', content: 'My name is Ada.' }] });
    expect(conv).toMatchObject({ object: 'conversation', metadata: { topic: 'demo' } });
    expect(conv.id).toMatch(/^conv_/);
    expect(await client.conversations.retrieve(conv.id)).toEqual(conv);
    expect((await client.conversations.update(conv.id, { metadata: { topic: 'renamed' } })).metadata).toEqual({ topic: 'renamed' });

    const r = await client.responses.create({ model: 'weather-agent', conversation: conv.id, input: 'What is the answer?' });
    expect(r.conversation).toEqual({ id: conv.id });
    expect(userTexts(mock.chatRequests().at(-1)!)).toEqual(['My name is Ada.', 'What is the answer?']);
    await client.responses.create({ model: 'weather-agent', conversation: { id: conv.id }, input: 'And again?' });
    expect(userTexts(mock.chatRequests().at(-1)!)).toEqual(['My name is Ada.', 'What is the answer?', 'And again?']);

    const items = await client.conversations.items.list(conv.id, { order: 'asc' });
    expect(texts(items.data as never)).toEqual(['user: My name is Ada.', 'user: What is the answer?', 'assistant: The answer is 42.', 'user: And again?', 'assistant: The answer is 42.']);
    const newestFirst = await client.conversations.items.list(conv.id, { limit: 2 });
    expect(newestFirst.data.map((i) => i.id)).toEqual(items.data.slice(-2).reverse().map((i) => i.id));
    expect(newestFirst.has_more).toBe(true);

    const one = await client.conversations.items.retrieve(idOf(items.data[0]), { conversation_id: conv.id });
    expect(one).toEqual(items.data[0]);
    const added = await client.conversations.items.create(conv.id, { items: [{ type: 'message', role: 'user', content: 'Noted.' }] });
    expect(added.data).toHaveLength(1);
    expect(await client.conversations.items.delete(idOf(added.data[0]), { conversation_id: conv.id })).toMatchObject({ id: conv.id, object: 'conversation' });
    expect((await client.conversations.items.list(conv.id)).data.map((i) => i.id)).not.toContain(added.data[0].id);

    expect(await client.conversations.delete(conv.id)).toEqual({ id: conv.id, object: 'conversation.deleted', deleted: true });
    await expect(client.conversations.retrieve(conv.id)).rejects.toMatchObject({ status: 404, code: 'conversation_not_found' });
  });

  it('a function tool round trip inside a conversation; turns made elsewhere (the editor chat) are its items too', async () => {
    const conv = await client.conversations.create({});
    const first = await client.responses.create({ model: 'weather-agent', conversation: conv.id, input: 'Weather in Paris?', tools: [WEATHER] });
    expect(first.output[0]).toMatchObject({ type: 'function_call', call_id: 'call_w1' });
    const second = await client.responses.create({ model: 'weather-agent', conversation: conv.id, input: [{ type: 'function_call_output', call_id: 'call_w1', output: 'cloudy' }], tools: [WEATHER] });
    expect(second.output_text).toBe('It is cloudy in Paris.');
    expect(mock.count('call')).toBe(1);

    // A turn of the same conversation run from the editor (POST /api/graphs/:id/runs with conversation_id).
    await h.say(weatherGraphId, conv.id, 'Hello from the editor');
    const items = await client.conversations.items.list(conv.id, { order: 'asc' });
    expect(texts(items.data as never)).toEqual(['user: Weather in Paris?', 'function_call', 'function_call_output', 'assistant: It is cloudy in Paris.', 'user: Hello from the editor', 'assistant: The answer is 42.']);
    // A run's turn is not deleted item by item.
    const turnItem = items.data.at(-1)!;
    await expect(client.conversations.items.delete(idOf(turnItem), { conversation_id: conv.id })).rejects.toMatchObject({ status: 400, param: 'item_id' });
  });

  it('failures: an unknown conversation is a 404 naming it; bad items a 400 with their param', async () => {
    await expect(client.responses.create({ model: 'weather-agent', conversation: 'conv_nope', input: 'hi' })).rejects.toMatchObject({ status: 404, param: 'conversation' });
    await expect(client.conversations.items.list('conv_nope')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const conv = await client.conversations.create({});
    const bad = await h.call('POST', `/api/v1/conversations/${conv.id}/items`, { items: [{ type: 'message', role: 'robot', content: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ type: 'invalid_request_error', param: 'items.0.role' });
    const both = await client.responses.create({ model: 'weather-agent', conversation: conv.id, previous_response_id: 'resp_x', input: 'hi' }).catch((e) => e);
    expect(both).toMatchObject({ status: 400, param: 'previous_response_id' });
  });
});
