/**
 * The OpenAI-compatible API (seed 003) through the real `openai` npm client: models, chat
 * completions (plain and streamed), errors in OpenAI's shape, a human pause, and the assistants flow.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph, humanGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;
let client: OpenAI;

const REPLY = 'Switchyard graphs answer OpenAI clients, with unicode too: été ✓ 🚂.';

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      { name: 'draft', match: { systemContains: 'one-line draft' }, reply: { content: 'Draft: ship it.' } },
      { name: 'announce', match: { systemContains: 'Announce' }, reply: { content: 'Shipped!' } },
      { name: 'answer', reply: { content: REPLY, chunkSize: 5, usage: { prompt_tokens: 11, completion_tokens: 7 } } },
    ],
  });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test' });
  await h.createGraph(agentGraph('helper', { agent: { system_prompt: 'You are helpful.' } }));
  await h.createGraph(humanGraph('gated'));
  await h.createGraph(agentGraph('unconfigured', { models: { default: { connection: 'nowhere', model: 'x' } } }));
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
});

describe('models', () => {
  it('lists one model per saved graph, named after it', async () => {
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toEqual(expect.arrayContaining(['helper', 'gated', 'unconfigured']));
    const one = await client.models.retrieve('helper');
    expect(one).toMatchObject({ id: 'helper', object: 'model', owned_by: 'switchyard' });
  });
});

describe('chat.completions', () => {
  it('runs the graph and answers as a chat.completion with usage; earlier messages are history', async () => {
    const { data: res, response } = await client.chat.completions
      .create({
        model: 'helper',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Earlier question' },
          { role: 'assistant', content: 'Earlier answer' },
          { role: 'user', content: 'What is Switchyard?' },
        ],
      })
      .withResponse();
    expect(res.object).toBe('chat.completion');
    expect(res.id).toMatch(/^chatcmpl-/);
    expect(res.model).toBe('helper');
    expect(res.choices[0].message).toMatchObject({ role: 'assistant', content: REPLY });
    expect(res.choices[0].finish_reason).toBe('stop');
    expect(res.usage).toEqual({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
    const sent = mock.chatRequests().at(-1)!.messages.map((m) => `${m.role}:${String(m.content)}`);
    expect(sent).toEqual(expect.arrayContaining(['system:Be brief.', 'user:Earlier question', 'assistant:Earlier answer', 'user:What is Switchyard?']));
    const runId = response.headers.get('x-switchyard-run-id')!;
    expect((await h.run(runId)).run).toMatchObject({ source: 'openai', input: 'What is Switchyard?', status: 'succeeded' });
  });

  it('streams chat.completion.chunk objects: role first, the content, finish_reason stop, usage, [DONE]', async () => {
    const stream = await client.chat.completions.create({
      model: 'helper',
      messages: [{ role: 'user', content: 'Stream it' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'helper')).toBe(true);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe(REPLY);
    expect(chunks.filter((c) => c.choices[0]?.finish_reason === 'stop')).toHaveLength(1);
    expect(chunks.at(-1)!.usage).toEqual({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
  });

  it('answers errors in OpenAI shape: unknown model, bad messages, a run that fails', async () => {
    const unknown = await client.chat.completions.create({ model: 'no-such-graph', messages: [{ role: 'user', content: 'hi' }] }).catch((e) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown.code).toBe('model_not_found');
    expect(unknown.param).toBe('model');

    const noUser = await client.chat.completions.create({ model: 'helper', messages: [{ role: 'system', content: 'x' }] }).catch((e) => e);
    expect(noUser).toBeInstanceOf(OpenAI.BadRequestError);
    expect(noUser.message).toMatch(/user message/);

    const invalid = await h.call('POST', '/api/v1/chat/completions', { model: 'helper', messages: 'hi' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ type: 'invalid_request_error', param: 'messages' });

    const failed = await client.chat.completions.create({ model: 'unconfigured', messages: [{ role: 'user', content: 'hi' }] }).catch((e) => e);
    expect(failed).toBeInstanceOf(OpenAI.InternalServerError);
    expect(failed.status).toBe(500);
    expect(failed.type).toBe('server_error');
    expect(failed.headers.get('x-should-retry')).toBe('false');
    expect(failed.code).toBe('no_connection');
    expect(failed.message).toMatch(/OPENAI_API_KEY/);

    const stream = await client.chat.completions.create({ model: 'unconfigured', messages: [{ role: 'user', content: 'hi' }], stream: true });
    const streamed = await (async () => {
      for await (const _ of stream) void _;
    })().catch((e) => e);
    expect(streamed).toBeInstanceOf(OpenAI.APIError);
    expect(streamed.message).toMatch(/no model connection/i);
  });

  it('a run that pauses at a human node says it awaits approval, with the run id', async () => {
    const { data: res, response } = await client.chat.completions.create({ model: 'gated', messages: [{ role: 'user', content: 'Release notes' }] }).withResponse();
    const runId = response.headers.get('x-switchyard-run-id')!;
    expect(res.choices[0].finish_reason).toBe('stop');
    expect(res.choices[0].message.content).toMatch(/awaiting approval/);
    expect(res.choices[0].message.content).toContain(runId);
    expect(res.choices[0].message.content).toContain('Publish this draft?');
    expect((await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } })).status).toBe(202);
    expect((await h.waitForStatus(runId, ['succeeded'])).run.status).toBe('succeeded');
  });
});

describe('assistants flow', () => {
  it('assistant -> thread -> message -> run -> the reply in the thread', async () => {
    const assistant = await client.beta.assistants.create({ model: 'helper', name: 'Helper', instructions: 'Answer in one line.' });
    expect(assistant).toMatchObject({ object: 'assistant', model: 'helper', name: 'Helper' });
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'First question' }] });
    await client.beta.threads.messages.create(thread.id, { role: 'user', content: 'What is Switchyard?' });
    const run = await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: assistant.id }, { pollIntervalMs: 20 });
    expect(run.status).toBe('completed');
    expect(run.usage).toMatchObject({ total_tokens: 18 });
    const sent = mock.chatRequests().at(-1)!.messages.map((m) => `${m.role}:${String(m.content)}`);
    expect(sent).toEqual(expect.arrayContaining(['system:Answer in one line.', 'user:First question', 'user:What is Switchyard?']));
    const page = await client.beta.threads.messages.list(thread.id);
    const newest = page.data[0];
    expect(newest.role).toBe('assistant');
    expect(newest.run_id).toBe(run.id);
    expect(newest.content[0]).toMatchObject({ type: 'text', text: { value: REPLY } });
    expect(page.data.map((m) => m.role)).toEqual(['assistant', 'user', 'user']);
    const again = await client.beta.threads.runs.retrieve(run.id, { thread_id: thread.id });
    expect(again.status).toBe('completed');
    // reading twice does not add the reply twice
    expect((await client.beta.threads.messages.list(thread.id)).data).toHaveLength(3);
  });

  it('a human step shows as requires_action and is answered with submit_tool_outputs', async () => {
    const assistant = await client.beta.assistants.create({ model: 'gated' });
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'Release notes' }] });
    const run = await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: assistant.id }, { pollIntervalMs: 20 });
    expect(run.status).toBe('requires_action');
    const callInfo = run.required_action!.submit_tool_outputs.tool_calls[0];
    expect(callInfo.function.name).toBe('human_review');
    expect(JSON.parse(callInfo.function.arguments)).toMatchObject({ node: 'approve', prompt: 'Publish this draft?' });
    const busy = await client.beta.threads.messages.create(thread.id, { role: 'user', content: 'more' }).catch((e) => e);
    expect(busy).toBeInstanceOf(OpenAI.BadRequestError);
    const done = await client.beta.threads.runs.submitToolOutputsAndPoll(
      run.id,
      { thread_id: thread.id, tool_outputs: [{ tool_call_id: callInfo.id, output: 'approve' }] },
      { pollIntervalMs: 20 },
    );
    expect(done.status).toBe('completed');
    const page = await client.beta.threads.messages.list(thread.id);
    expect(page.data[0].content[0]).toMatchObject({ text: { value: expect.any(String) } });
    expect(page.data[0].role).toBe('assistant');
  });

  it('404s unknown assistants and threads in OpenAI shape', async () => {
    const thread = await client.beta.threads.create();
    const missing = await client.beta.threads.runs.create(thread.id, { assistant_id: 'asst_nope' }).catch((e) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    const noThread = await client.beta.threads.messages.list('thread_nope').catch((e) => e);
    expect(noThread).toBeInstanceOf(OpenAI.NotFoundError);
    const empty = await client.beta.assistants.create({ model: 'helper' });
    const nothingToAnswer = await client.beta.threads.runs.create(thread.id, { assistant_id: empty.id }).catch((e) => e);
    expect(nothingToAnswer).toBeInstanceOf(OpenAI.BadRequestError);
  });
});

describe('API key (SWITCHYARD_API_KEY)', () => {
  const KEY = 'sy-test-key-123';
  let restoreEnv: () => void;
  beforeAll(() => void (restoreEnv = setEnv({ SWITCHYARD_API_KEY: KEY })));
  afterAll(() => restoreEnv());

  it('refuses a missing or wrong key with OpenAI 401 errors, and serves the right one', async () => {
    const wrong = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'sy-test-key-124', maxRetries: 0 });
    await expect(wrong.models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    const bare = await fetch(`${h.api.url}/api/v1/models`);
    expect(bare.status).toBe(401);
    expect((await bare.json()).error.message).toMatch(/Missing API key/);
    const right = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: KEY, maxRetries: 0 });
    const ids: string[] = [];
    for await (const m of right.models.list()) ids.push(m.id);
    expect(ids).toContain('helper');
  });
});
