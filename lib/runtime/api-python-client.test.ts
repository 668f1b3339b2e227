/**
 * The official Python `openai` client against the OpenAI-compatible API (issue 9 Done-when): a
 * client-tool round trip on chat completions (non-stream and stream) and an assistants run streamed
 * with `runs.stream`. The client comes from pip into a cached venv (lib/testing/python-openai.ts);
 * where no package index is reachable the suite is skipped and says why.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import { pythonOpenAI } from '@/lib/testing/python-openai';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';

const py = pythonOpenAI();
if ('unavailable' in py) console.warn(`[api-python-client] skipped: the Python openai client is unavailable here (${py.unavailable})`);

const agent = (name: string): GraphDocument =>
  ({
    switchyard: 1,
    name,
    models: { default: { connection: 'default', model: 'gpt-test' } },
    tools: { calculator: { type: 'calculator', description: 'Arithmetic.' } },
    nodes: { agent: { role: 'agent', strategy: 'tool_calling', tools: ['calculator'], system_prompt: 'Help.' } },
    edges: [
      { from: 'START', to: 'agent' },
      { from: 'agent', to: 'END' },
    ],
  }) as GraphDocument;

const toolResult = (req: MockChatRequest) => req.messages.find((m) => m.role === 'tool')?.content;
const offersWeather = (req: MockChatRequest) => req.tools?.some((t) => t.function?.name === 'get_weather') ?? false;

describe.skipIf('unavailable' in py)('the official Python openai client', () => {
  let h: Harness;
  let mock: MockOpenAI;
  let assistantId: string;
  withMockHarness((started) => ({ mock, h } = started));
  beforeAll(async () => {
    await h.createGraph(agent('weather-agent'));
    await h.createGraph(agent('plain-agent'));
    const created = await h.call('POST', '/api/v1/assistants', { model: 'plain-agent', instructions: 'Answer briefly.' });
    expect(created.status).toBe(200);
    assistantId = created.body.id;
  });
  beforeEach(() => {
    mock.reset();
    mock.script([
      { name: 'answer', match: (req) => toolResult(req) !== undefined, reply: (req) => ({ content: `It is ${String(toolResult(req))} in Paris.`, chunkSize: 4 }) },
      { name: 'call', match: offersWeather, reply: { tool_calls: [{ id: 'call_w1', name: 'get_weather', arguments: { city: 'Paris' } }] } },
      { name: 'plain', reply: { content: 'The answer is 42.', chunkSize: 3 } },
    ]);
  });

  it('completes a client-tool round trip (non-stream and stream) and streams an assistants run', async () => {
    const script = path.resolve('lib/runtime/testing/python-openai-roundtrip.py');
    const { stdout } = await promisify(execFile)((py as { python: string }).python, [script, `${h.api.url}/api/v1`, assistantId], { timeout: 60_000 });
    const out = JSON.parse(stdout);
    expect(out.first).toEqual({ finish_reason: 'tool_calls', tool: 'get_weather', arguments: { city: 'Paris' }, id: 'call_w1' });
    expect(out.second).toEqual({ finish_reason: 'stop', content: 'It is sunny, 21 C in Paris.' });
    expect(out.stream).toEqual({ finish_reason: 'tool_calls', deltas: [{ id: 'call_w1', name: 'get_weather', arguments: '{"city":"Paris"}' }], answer: 'It is rainy in Paris.' });
    // The tool result continued the same runs: the model was asked for the call once per round trip.
    expect(mock.count('call')).toBe(2);
    expect(out.assistants.final).toBe('The answer is 42.');
    expect(out.assistants.deltas).toBe('The answer is 42.');
    expect(out.assistants.status).toBe('completed');
    expect(out.assistants.events[0]).toBe('thread.run.created');
    expect(out.assistants.events).toEqual(expect.arrayContaining(['thread.run.in_progress', 'thread.message.created', 'thread.message.delta', 'thread.message.completed']));
    expect(out.assistants.events.at(-1)).toBe('thread.run.completed');
  });

  it('Responses and Conversations: plain, streamed with the stream helper, a function tool round trip, a conversation, errors', async () => {
    const script = path.resolve('lib/runtime/testing/python-openai-responses.py');
    const { stdout } = await promisify(execFile)((py as { python: string }).python, [script, `${h.api.url}/api/v1`], { timeout: 60_000 });
    const out = JSON.parse(stdout);
    expect(out.plain).toMatchObject({ status: 'completed', text: 'The answer is 42.' });
    expect(out.plain.total_tokens).toBeGreaterThan(0);
    expect(out.stream.final).toBe('The answer is 42.');
    expect(out.stream.deltas).toBe('The answer is 42.');
    expect(out.stream.seqs_in_order).toBe(true);
    expect(out.stream.events.slice(0, 4)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added']);
    expect(out.stream.events.slice(-4)).toEqual(['response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed']);
    expect(out.roundtrip).toEqual({ call: { type: 'function_call', name: 'get_weather', arguments: { city: 'Paris' } }, answer: 'It is sunny in Paris.' });
    expect(mock.count('call')).toBe(1);
    expect(out.retrieve).toEqual({ status: 'completed', text: 'It is sunny in Paris.', previous: true });
    expect(out.conversation).toEqual({ metadata: { k: 'v' }, items: ['user: My name is Ada.', 'user: What is the answer?', 'assistant: The answer is 42.'] });
    expect(out.unknown).toEqual({ status: 404, code: 'model_not_found', param: 'model' });
    expect(out.bad_input).toEqual({ status: 400, param: 'input.0.content.0.type' });
  }, 90_000); // one Python process for every step: its start-up alone takes seconds on a loaded machine
});
