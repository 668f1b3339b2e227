/**
 * Assistants streaming with the real `openai` client (issue 9 item 7): `runs.stream` and
 * `finalMessages()`; a streamed run that stops at requires_action (a human tool) and goes on with
 * `submitToolOutputsStream`; createAndRun streamed; `instructions` reach the model as a system message.
 */
import OpenAI from 'openai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';

let h: Harness;
let mock: MockOpenAI;
let client: OpenAI;
let plain: string;
let asking: string;

const agent = (name: string, tools: GraphDocument['tools'], toolNames: string[]): GraphDocument =>
  ({
    switchyard: 1,
    name,
    models: { default: { connection: 'default', model: 'gpt-test' } },
    ...(tools ? { tools } : {}),
    nodes: { agent: { role: 'agent', strategy: 'tool_calling', tools: toolNames, system_prompt: 'You are the graph prompt.' } },
    edges: [
      { from: 'START', to: 'agent' },
      { from: 'agent', to: 'END' },
    ],
  }) as GraphDocument;

const systemTexts = (req: MockChatRequest) => req.messages.filter((m) => m.role === 'system').map((m) => String(m.content));
const toolResult = (req: MockChatRequest) => req.messages.find((m) => m.role === 'tool')?.content;

withMockHarness((started) => ({ mock, h } = started));
beforeAll(async () => {
  await h.createGraph(agent('plain-agent', undefined, []));
  await h.createGraph(agent('asking-agent', { ask_human: { type: 'human', description: 'Ask the user a question.' } }, ['ask_human']));
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
  plain = (await client.beta.assistants.create({ model: 'plain-agent', instructions: 'Answer like a pirate.' })).id;
  asking = (await client.beta.assistants.create({ model: 'asking-agent' })).id;
});
beforeEach(() => {
  mock.reset();
  mock.script([
    { name: 'after-answer', match: (req) => toolResult(req) !== undefined, reply: (req) => ({ content: `Thanks, ${String(toolResult(req))}!`, chunkSize: 3 }) },
    { name: 'ask', match: (req) => req.tools?.some((t) => t.function?.name === 'ask_human') ?? false, reply: { tool_calls: [{ id: 'call_q', name: 'ask_human', arguments: { question: 'Your name?' } }] } },
    { name: 'answer', reply: { content: 'Arr, the answer is 42.', chunkSize: 4 } },
  ]);
});

describe('assistants streaming', () => {
  it('runs.stream emits the run and message events; finalMessages() gives the answer, kept in the thread', async () => {
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'What is the answer?' }] });
    const stream = client.beta.threads.runs.stream(thread.id, { assistant_id: plain });
    const events: string[] = [];
    const deltas: string[] = [];
    stream.on('event', (e) => events.push(e.event));
    stream.on('textDelta', (d) => deltas.push(d.value ?? ''));
    const [message] = await stream.finalMessages();
    expect(message.content[0]).toMatchObject({ type: 'text', text: { value: 'Arr, the answer is 42.' } });
    expect(deltas.join('')).toBe('Arr, the answer is 42.');
    expect(events[0]).toBe('thread.run.created');
    expect(events).toEqual(expect.arrayContaining(['thread.run.queued', 'thread.run.in_progress', 'thread.message.created', 'thread.message.delta', 'thread.message.completed']));
    expect(events.at(-1)).toBe('thread.run.completed');
    expect((await stream.finalRun()).status).toBe('completed');
    const listed = await client.beta.threads.messages.list(thread.id, { order: 'asc' });
    expect(listed.data.map((m) => m.id)).toContain(message.id);
  });

  it('instructions become a system message the model receives; a run\'s own instructions replace the assistant\'s', async () => {
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'Hi' }] });
    await client.beta.threads.runs.stream(thread.id, { assistant_id: plain }).finalMessages();
    expect(systemTexts(mock.chatRequests()[0])).toContain('Answer like a pirate.');
    await client.beta.threads.messages.create(thread.id, { role: 'user', content: 'Again' });
    await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: plain, instructions: 'Answer in French.' });
    const second = systemTexts(mock.chatRequests().at(-1)!);
    expect(second).toContain('Answer in French.');
    expect(second).not.toContain('Answer like a pirate.');
  });

  it('a streamed run stops at requires_action (human tool) and goes on with submitToolOutputsStream', async () => {
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'Greet me' }] });
    const stream = client.beta.threads.runs.stream(thread.id, { assistant_id: asking });
    const run = await stream.finalRun();
    expect(run.status).toBe('requires_action');
    const [call] = run.required_action!.submit_tool_outputs.tool_calls;
    expect(call).toMatchObject({ id: 'call_q', function: { name: 'ask_human' } });

    const next = client.beta.threads.runs.submitToolOutputsStream(run.id, { thread_id: thread.id, tool_outputs: [{ tool_call_id: call.id, output: 'Ada' }] });
    const events: string[] = [];
    next.on('event', (e) => events.push(e.event));
    const [message] = await next.finalMessages();
    expect(message.content[0]).toMatchObject({ text: { value: 'Thanks, Ada!' } });
    expect(events[0]).toBe('thread.run.in_progress');
    expect(events.at(-1)).toBe('thread.run.completed');
    expect(mock.count('ask')).toBe(1); // the asking call was not made again
  });

  it('createAndRun with stream: true', async () => {
    const stream = await client.beta.threads.createAndRun({ assistant_id: plain, thread: { messages: [{ role: 'user', content: 'Q' }] }, stream: true });
    let text = '';
    let last = '';
    for await (const e of stream) {
      if (e.event === 'thread.message.delta') text += e.data.delta.content?.map((c) => (c.type === 'text' ? c.text?.value : '')).join('') ?? '';
      last = e.event;
    }
    expect(text).toBe('Arr, the answer is 42.');
    expect(last).toBe('thread.run.completed');
  });

  it('a message holding a NUL character is a 400 saying so (a new thread, an added message); the thread keeps what it had', async () => {
    const refused = await client.beta.threads.create({ messages: [{ role: 'user', content: 'a\u0000b' }] }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(/NUL character/);
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'kept' }] });
    const added = await client.beta.threads.messages.create(thread.id, { role: 'user', content: 'x\u0000' }).catch((err: unknown) => err);
    expect(added).toBeInstanceOf(OpenAI.BadRequestError);
    const listed = await client.beta.threads.messages.list(thread.id, { order: 'asc' });
    expect(listed.data.map((m) => (m.content[0]?.type === 'text' ? m.content[0].text.value : ''))).toEqual(['kept']);
  });
});
