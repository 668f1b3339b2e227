/**
 * A2A v1.0 (issue 24 part 3) over real HTTP with the SDK's own client (@a2a-js/sdk): each graph is
 * an agent with a card; SendMessage, SendStreamingMessage, GetTask, ListTasks, CancelTask,
 * SubscribeToTask; a human step is input-required and the next message on the task answers it; a
 * rejection is rejected; a failed run says only its code; unknown tasks are TaskNotFound; the v0.3
 * method names answer too; and a graph calls another Switchyard graph over A2A as an `a2a` tool.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Role, TaskState, type Message, type StreamResponse, type Task } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph, humanGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;

allowLoopbackModels(); // the a2a tool's card and calls reach this server on 127.0.0.1 through the guarded client

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      // The caller graph: asks the weather agent over A2A, then answers with what it said.
      { name: 'caller-answer', match: { hasToolResultFor: 'weather_agent' }, reply: (req) => ({ content: `Relayed: ${String(req.messages.at(-1)?.content)}` }) },
      { name: 'caller-ask', match: { offersTool: 'weather_agent' }, reply: { tool_calls: [{ id: 'call_w1', name: 'weather_agent', arguments: { message: 'What is the weather in Lisbon?' } }] } },
      // Graphs whose remote agent fails, or is out of bounds for the guarded client.
      ...['broken_agent', 'metadata_agent'].map((tool) => ({ name: `${tool}-said`, match: { hasToolResultFor: tool }, reply: (req: { messages: { content?: unknown }[] }) => ({ content: `Tool said: ${String(req.messages.at(-1)?.content)}` }) })),
      { name: 'broken-ask', match: { offersTool: 'broken_agent' }, reply: { tool_calls: [{ id: 'call_b1', name: 'broken_agent', arguments: { message: 'break it' } }] } },
      { name: 'metadata-ask', match: { offersTool: 'metadata_agent' }, reply: { tool_calls: [{ id: 'call_m1', name: 'metadata_agent', arguments: { message: 'hello' } }] } },
      // The trip graph: its human tool asks, the answer books.
      { name: 'trip-booked', match: { hasToolResultFor: 'ask_human' }, reply: (req) => ({ content: `Booked: ${String(req.messages.at(-1)?.content)}` }) },
      { name: 'trip-ask', match: { offersTool: 'ask_human' }, reply: { tool_calls: [{ id: 'call_q1', name: 'ask_human', arguments: { question: 'Which city?' } }] } },
      { name: 'slow', match: { lastUserContains: 'take your time' }, reply: { hang: true } },
      { name: 'broken', match: { lastUserContains: 'break' }, reply: { error: { status: 400, message: 'secret upstream detail at http://10.1.2.3/internal' } } },
      { name: 'draft', match: { systemContains: 'one-line draft' }, reply: { content: 'Draft: we ship on Friday.' } },
      { name: 'weather', match: { lastUserContains: 'weather' }, reply: { content: 'It is sunny in Lisbon, 24 degrees.', chunkSize: 5, delayMs: 5 } },
      { name: 'memory', match: { lastUserContains: 'what did I ask' }, reply: (req) => ({ content: `You asked ${req.messages.filter((m) => m.role === 'user').length - 1} question(s) before.` }) },
      { name: 'fallback', reply: { content: 'ok' } },
    ],
  });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test' });
  await h.createGraph({ ...agentGraph('weather'), description: 'Tells the weather.' });
  await h.createGraph(agentGraph('trip', { tools: { ask_human: { type: 'human', description: 'Ask the traveller' } }, agent: { tools: ['ask_human'] } }));
  await h.createGraph(humanGraph('approval'));
  await h.createGraph(
    agentGraph('caller-broken', { tools: { broken_agent: { type: 'a2a', card_url: `${h.api.url}/api/a2a/weather/agent-card.json` } }, agent: { tools: ['broken_agent'] } }),
  );
  await h.createGraph(
    agentGraph('caller-metadata', { tools: { metadata_agent: { type: 'a2a', card_url: 'http://169.254.169.254/api/a2a/x/agent-card.json' } }, agent: { tools: ['metadata_agent'] } }),
  );
  await h.createGraph(
    agentGraph('caller', {
      tools: { weather_agent: { type: 'a2a', card_url: `${h.api.url}/api/a2a/weather/agent-card.json`, description: 'Ask the weather agent' } },
      agent: { tools: ['weather_agent'] },
    }),
  );
}, 60_000);
afterAll(async () => {
  await h?.close();
  await mock?.close();
});

const agent = (graph: string): Promise<Client> => new ClientFactory().createFromUrl(`${h.api.url}/api/a2a/${graph}/`, 'agent-card.json');

function userMessage(text: string, more: Partial<Message> = {}): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
    ...more,
  };
}
const send = (message: Message, returnImmediately = false) => ({
  tenant: '',
  message,
  configuration: { acceptedOutputModes: [], taskPushNotificationConfig: undefined, returnImmediately },
  metadata: undefined,
});
const asTask = (r: Message | Task): Task => {
  if ('messageId' in r) throw new Error(`expected a task, got a message: ${JSON.stringify(r)}`);
  return r;
};
const text = (t: Task | undefined) => t?.artifacts.flatMap((a) => a.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : ''))).join('') ?? '';
const statusText = (t: Task) => t.status?.message?.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('') ?? '';

async function rpc(graph: string, method: string, params: unknown, headers: Record<string, string> = {}) {
  const res = await h.api.fetch(`/api/a2a/${graph}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) });
  return { status: res.status, body: (await res.json()) as { id: unknown; result?: any; error?: { code: number; message: string } } };
}

describe('agent cards', () => {
  it('a graph’s card names its skill, streaming, the API key scheme and its JSON-RPC endpoint (v1.0 and v0.3)', async () => {
    const card = await (await agent('weather')).getAgentCard();
    expect(card.name).toBe('weather');
    expect(card.description).toBe('Tells the weather.');
    expect(card.capabilities?.streaming).toBe(true);
    expect(card.skills.map((s) => s.id)).toEqual(['weather']);
    expect(Object.keys(card.securitySchemes)).toEqual(['switchyard_api_key']);
    expect(card.securitySchemes.switchyard_api_key.scheme).toMatchObject({ $case: 'httpAuthSecurityScheme', value: { scheme: 'bearer' } });
    expect(card.supportedInterfaces.map((i) => [i.url, i.protocolBinding, i.protocolVersion])).toEqual([
      [`${h.api.url}/api/a2a/weather`, 'JSONRPC', '1.0'],
      [`${h.api.url}/api/a2a/weather`, 'JSONRPC', '0.3'],
    ]);
  });

  it('/.well-known/agent-card.json (rewritten to /api/well-known/agent-card.json) lists the workspace’s graphs as skills, each with its endpoint', async () => {
    const { WELL_KNOWN_REWRITES } = (await import(/* @vite-ignore */ pathToFileURL(path.join(process.cwd(), 'next.config.mjs')).href)) as { WELL_KNOWN_REWRITES: { source: string; destination: string }[] };
    expect(WELL_KNOWN_REWRITES).toContainEqual({ source: '/.well-known/agent-card.json', destination: '/api/well-known/agent-card.json' });
    const res = await h.api.fetch('/api/well-known/agent-card.json');
    expect(res.status).toBe(200);
    const card = await res.json();
    expect(card.skills.map((s: { id: string }) => s.id).sort()).toEqual(['approval', 'caller', 'caller-broken', 'caller-metadata', 'trip', 'weather']);
    expect(card.capabilities.streaming).toBe(true);
    expect(card.securitySchemes.switchyard_api_key.httpAuthSecurityScheme.scheme).toBe('bearer');
    expect(card.supportedInterfaces.map((i: { url: string }) => i.url)).toContain(`${h.api.url}/api/a2a/trip`);
  });

  it('an unknown graph: 404 for its card and its endpoint', async () => {
    expect((await h.api.fetch('/api/a2a/nope/agent-card.json')).status).toBe(404);
    const r = await rpc('nope', 'GetTask', { id: 'x' });
    expect(r.status).toBe(404);
    expect(r.body.error?.message).toContain('No graph "nope"');
  });
});

describe('tasks are runs', () => {
  it('SendMessage runs the graph and answers a completed task with the answer as an artifact; GetTask reads it', async () => {
    const client = await agent('weather');
    const task = asTask(await client.sendMessage(send(userMessage('What is the weather?'))));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(text(task)).toBe('It is sunny in Lisbon, 24 degrees.');
    expect(task.contextId).toMatch(/\S+/);
    const run = await h.run(task.id); // the task id is the run id
    expect(run.run).toMatchObject({ source: 'a2a', status: 'succeeded' });
    const again = await client.getTask({ tenant: '', id: task.id, historyLength: undefined });
    expect(again.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(again.history[0].parts[0].content).toEqual({ $case: 'text', value: 'What is the weather?' });
  });

  it('SendStreamingMessage streams the task: the task, working, the answer in pieces, then completed', async () => {
    const client = await agent('weather');
    const events: StreamResponse[] = [];
    for await (const e of client.sendMessageStream(send(userMessage('And the weather tomorrow?')))) events.push(e);
    const kinds = events.map((e) => e.payload?.$case);
    expect(kinds[0]).toBe('task');
    expect(kinds.at(-1)).toBe('statusUpdate');
    const last = events.at(-1)!.payload;
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const pieces = events.flatMap((e) => (e.payload?.$case === 'artifactUpdate' ? [e.payload.value] : []));
    expect(pieces.length).toBeGreaterThan(1); // streamed as the model wrote it, not in one piece at the end
    expect(pieces.map((p) => p.artifact?.parts.map((x) => (x.content?.$case === 'text' ? x.content.value : '')).join('')).join('')).toBe('It is sunny in Lisbon, 24 degrees.');
    expect(pieces.at(-1)?.lastChunk).toBe(true);
    expect(pieces.slice(1).every((p) => p.append)).toBe(true);
  });

  it('a contextId is a conversation: the next task of the context remembers the earlier turns', async () => {
    const client = await agent('weather');
    const contextId = `ctx-${crypto.randomUUID()}`;
    const first = asTask(await client.sendMessage(send(userMessage('What is the weather?', { contextId }))));
    expect(first.contextId).toBe(contextId);
    const second = asTask(await client.sendMessage(send(userMessage('what did I ask before?', { contextId }))));
    expect(second.contextId).toBe(contextId);
    expect(text(second)).toBe('You asked 1 question(s) before.');
  });

  it('a human step is input-required with its question; the next message on the task answers it', async () => {
    const client = await agent('trip');
    const paused = asTask(await client.sendMessage(send(userMessage('Book me a trip'))));
    expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(statusText(paused)).toBe('Which city?');
    const done = asTask(await client.sendMessage(send(userMessage('Lisbon', { taskId: paused.id, contextId: paused.contextId }))));
    expect(done.id).toBe(paused.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(text(done)).toBe('Booked: Lisbon');
    // A task that is done takes no more messages.
    await expect(client.sendMessage(send(userMessage('Porto', { taskId: paused.id })))).rejects.toMatchObject({ name: 'UnsupportedOperationError' });
  });

  it('an input-required task answered over the stream ends completed', async () => {
    const client = await agent('trip');
    const events: StreamResponse[] = [];
    for await (const e of client.sendMessageStream(send(userMessage('Book me another trip')))) events.push(e);
    const paused = events.at(-1)!.payload;
    expect(paused?.$case === 'statusUpdate' && paused.value.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const taskId = paused?.$case === 'statusUpdate' ? paused.value.taskId : '';
    const after: StreamResponse[] = [];
    for await (const e of client.sendMessageStream(send(userMessage('Oslo', { taskId })))) after.push(e);
    const end = after.at(-1)!.payload;
    expect(end?.$case === 'statusUpdate' && end.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(text(await client.getTask({ tenant: '', id: taskId, historyLength: undefined }))).toBe('Booked: Oslo');
  });

  it('a human approval rejected: the task is rejected with the reason', async () => {
    const client = await agent('approval');
    const paused = asTask(await client.sendMessage(send(userMessage('Announce the release'))));
    expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(statusText(paused)).toBe('Publish this draft?');
    const done = asTask(await client.sendMessage(send(userMessage('reject: too vague', { taskId: paused.id }))));
    expect(done.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(done)).toContain('too vague');
  });

  it('CancelTask cancels a working task; cancelling it again is TaskNotCancelable', async () => {
    const client = await agent('weather');
    const started = asTask(await client.sendMessage(send(userMessage('take your time, please'), true)));
    expect([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING]).toContain(started.status?.state);
    const cancelled = await client.cancelTask({ tenant: '', id: started.id, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    await expect(client.cancelTask({ tenant: '', id: started.id, metadata: undefined })).rejects.toMatchObject({ name: 'TaskNotCancelableError' });
  });

  it('SubscribeToTask follows a working task to its end', async () => {
    const client = await agent('weather');
    const started = asTask(await client.sendMessage(send(userMessage('take your time, again'), true)));
    const events: StreamResponse[] = [];
    let subscribed!: () => void;
    const first = new Promise<void>((r) => (subscribed = r));
    const following = (async () => {
      for await (const e of client.resubscribeTask({ tenant: '', id: started.id })) {
        events.push(e);
        subscribed();
      }
    })();
    await first; // the task as it was has arrived: the subscription is live
    await client.cancelTask({ tenant: '', id: started.id, metadata: undefined });
    await following;
    expect(events[0].payload?.$case).toBe('task');
    const end = events.at(-1)!.payload;
    expect(end?.$case === 'statusUpdate' && end.value.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    // A finished task has nothing to follow (the error comes as the stream's error event).
    await expect(
      (async () => {
        for await (const _ of client.resubscribeTask({ tenant: '', id: started.id })) void _;
      })(),
    ).rejects.toMatchObject({ cause: { name: 'UnsupportedOperationError' } });
  });

  it('a failed run is a failed task that says its code, no internals', async () => {
    const client = await agent('weather');
    const task = asTask(await client.sendMessage(send(userMessage('break it'))));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(statusText(task)).toMatch(/^The task failed \(\w+\)\.$/);
    expect(JSON.stringify(task)).not.toContain('10.1.2.3');
  });

  it('ListTasks lists the graph’s A2A tasks, by context and state, in pages', async () => {
    const client = await agent('weather');
    const contextId = `list-${crypto.randomUUID()}`;
    for (const q of ['weather one', 'weather two', 'weather three']) await client.sendMessage(send(userMessage(q, { contextId })));
    const all = await client.listTasks({ tenant: '', contextId, status: TaskState.TASK_STATE_UNSPECIFIED, pageSize: 2, pageToken: '', historyLength: undefined, statusTimestampAfter: undefined, includeArtifacts: true });
    expect(all.totalSize).toBe(3);
    expect(all.tasks).toHaveLength(2);
    expect(all.tasks.every((t) => t.contextId === contextId && text(t).startsWith('It is sunny'))).toBe(true);
    const rest = await client.listTasks({ tenant: '', contextId, status: TaskState.TASK_STATE_UNSPECIFIED, pageSize: 2, pageToken: all.nextPageToken, historyLength: undefined, statusTimestampAfter: undefined, includeArtifacts: false });
    expect(rest.tasks).toHaveLength(1);
    expect(rest.nextPageToken).toBe('');
    const failed = await client.listTasks({ tenant: '', contextId: '', status: TaskState.TASK_STATE_FAILED, pageSize: 50, pageToken: '', historyLength: undefined, statusTimestampAfter: undefined, includeArtifacts: false });
    expect(failed.tasks.every((t) => t.status?.state === TaskState.TASK_STATE_FAILED)).toBe(true);
    expect(failed.tasks.length).toBeGreaterThan(0);
  });

  it('an unknown task, or a task of another graph, is TaskNotFound (-32001)', async () => {
    const client = await agent('weather');
    await expect(client.getTask({ tenant: '', id: 'no-such-task', historyLength: undefined })).rejects.toMatchObject({ name: 'TaskNotFoundError' });
    const trip = asTask(await (await agent('trip')).sendMessage(send(userMessage('Book a trip to nowhere'))));
    const r = await rpc('weather', 'GetTask', { id: trip.id });
    expect(r.body.error?.code).toBe(-32001);
    expect(r.body.id).toBe(7);
    const unknown = await rpc('weather', 'NoSuchMethod', {});
    expect(unknown.body.error?.code).toBe(-32601);
  });

  it('the docs’ snippets work: raw JSON-RPC SendMessage (proto JSON) and the client with only the fields the snippet sets', async () => {
    const r = await rpc('weather', 'SendMessage', { message: { messageId: 'm1', role: 'ROLE_USER', contextId: 'chat-42', parts: [{ text: 'weather, briefly' }] } }, { 'A2A-Version': '1.0' });
    expect(r.body.result.task).toMatchObject({ contextId: 'chat-42', status: { state: 'TASK_STATE_COMPLETED' }, artifacts: [{ artifactId: 'answer', parts: [{ text: 'It is sunny in Lisbon, 24 degrees.' }] }] });
    const client = await agent('weather');
    const kinds: (string | undefined)[] = [];
    for await (const e of client.sendMessageStream({ message: { messageId: crypto.randomUUID(), role: 1, parts: [{ content: { $case: 'text', value: 'weather?' } }] } } as never)) kinds.push(e.payload?.$case);
    expect(kinds[0]).toBe('task');
    expect(kinds.at(-1)).toBe('statusUpdate');
  });

  it('bad input: not JSON, or not a JSON object, is a 400 in a JSON-RPC envelope; application/a2a+json is accepted', async () => {
    const post = (body: string, type = 'application/json') => h.api.fetch('/api/a2a/weather', { method: 'POST', headers: { 'content-type': type }, body });
    const notJson = await post('{"jsonrpc": "2.0", "method": ');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('not valid JSON') } });
    expect((await post('[1, 2]')).status).toBe(400);
    expect((await post('{}', 'text/plain')).status).toBe(415);
    const a2aType = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: 'nope' } }), 'application/a2a+json');
    expect((await a2aType.json()).error.code).toBe(-32001);
  });

  it('bad input: a message without text is a JSON-RPC error naming the field', async () => {
    const r = await rpc('weather', 'SendMessage', { message: { messageId: 'm1', role: 'ROLE_USER', parts: [] } }, { 'a2a-version': '1.0' });
    expect(r.body.error?.message).toContain('params.message has no text');
  });
});

describe('the v0.3 method names', () => {
  it('message/send, tasks/get and tasks/cancel answer in v0.3 shapes', async () => {
    const sent = await rpc('weather', 'message/send', { message: { kind: 'message', messageId: 'm-03', role: 'user', parts: [{ kind: 'text', text: 'weather please' }] } });
    expect(sent.body.result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    expect(JSON.stringify(sent.body.result.artifacts)).toContain('It is sunny in Lisbon');
    const got = await rpc('weather', 'tasks/get', { id: sent.body.result.id });
    expect(got.body.result).toMatchObject({ kind: 'task', id: sent.body.result.id, status: { state: 'completed' } });
    const missing = await rpc('weather', 'tasks/get', { id: 'nope' });
    expect(missing.body.error?.code).toBe(-32001);
    const cancel = await rpc('weather', 'tasks/cancel', { id: sent.body.result.id });
    expect(cancel.body.error?.code).toBe(-32002); // TaskNotCancelable: it is done
  });

  it('message/stream answers SSE events in the v0.3 shape', async () => {
    const res = await h.api.fetch('/api/a2a/weather', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'message/stream', params: { message: { kind: 'message', messageId: 'm-03s', role: 'user', parts: [{ kind: 'text', text: 'weather stream' }] } } }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const body = await res.text();
    const events = body.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)).result);
    expect(events[0].kind).toBe('task');
    expect(events.at(-1)).toMatchObject({ kind: 'status-update', status: { state: 'completed' } });
  });
});

describe('the a2a tool', () => {
  it('a graph calls another Switchyard graph over A2A as a tool; the remote task’s updates stream into the trace', async () => {
    const graphs = await h.call('GET', '/api/graphs');
    const id = (graphs.body.graphs ?? graphs.body).find((g: { name: string }) => g.name === 'caller').id;
    const runId = await h.startRun(id, { input: 'How is the weather?' });
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.output).toBe('Relayed: It is sunny in Lisbon, 24 degrees.');
    const call = done.events.find((e) => e.type === 'tool.call');
    expect(call?.data).toMatchObject({ tool: 'weather_agent', type: 'a2a' });
    const progress = done.events.filter((e) => e.type === 'tool.progress');
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((e) => e.span_id === call?.span_id)).toBe(true);
    expect(progress.map((e) => e.data.state).filter(Boolean)).toContain('TASK_STATE_COMPLETED');
    expect(progress.map((e) => e.data.artifact ?? '').join('')).toBe('It is sunny in Lisbon, 24 degrees.');
    const result = done.events.find((e) => e.type === 'tool.result');
    expect(result?.data).toMatchObject({ tool: 'weather_agent', output: 'It is sunny in Lisbon, 24 degrees.', a2a: { state: 'TASK_STATE_COMPLETED' } });
    // The remote task is a run of the weather graph, started over A2A.
    const taskId = (result?.data.a2a as { task_id: string }).task_id;
    expect((await h.run(taskId)).run).toMatchObject({ source: 'a2a', graph_name: 'weather', status: 'succeeded' });
  });

  it('a remote task that fails is a tool error the model is told; a card on a blocked address never leaves the guarded client', async () => {
    const graphs = await h.call('GET', '/api/graphs');
    const idOf = (name: string) => (graphs.body.graphs ?? graphs.body).find((g: { name: string }) => g.name === name).id;
    const broken = await h.waitForStatus(await h.startRun(idOf('caller-broken'), { input: 'try it' }), ['succeeded', 'failed']);
    expect(broken.run.status).toBe('succeeded');
    const failed = broken.events.find((e) => e.type === 'tool.result');
    expect(failed?.data.error).toMatch(/the agent's task ended TASK_STATE_FAILED: The task failed \(\w+\)\./);
    expect(broken.run.output).toContain('TASK_STATE_FAILED');
    const blocked = await h.waitForStatus(await h.startRun(idOf('caller-metadata'), { input: 'try it' }), ['succeeded', 'failed']);
    const refused = blocked.events.find((e) => e.type === 'tool.result');
    expect(refused?.data.error).toMatch(/could not read the agent card/);
    expect(String(refused?.data.error)).toMatch(/169\.254\.169\.254|blocked|not allowed|private|metadata/i);
    expect(blocked.events.some((e) => e.type === 'tool.progress')).toBe(false);
  });
});
