/**
 * Publishing a version (issue 22, part 2) over real HTTP with accounts on: publish version N, edit
 * the graph (N+1), and /api/v1/chat/completions (the real `openai` client), the assistants flow and
 * MCP (the SDK's client) still run N while the editor's Run uses N+1; rollback publishes an older
 * version; unpublishing and never-published graphs run the newest; a viewer cannot publish (403)
 * and another workspace's member does not see the graph (404).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@/db/store';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { agentGraph } from '@/lib/runtime/testing/graphs';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';

let mock: MockOpenAI;
let s: AuthServer;
let admin: string;
let viewer: string;
let outsider: string;
let secret: string;
let client: OpenAI;

const version = (n: string) => agentGraph('published', { agent: { system_prompt: `You are VERSION-${n}.` } });

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: ['ONE', 'TWO', 'THREE', 'NEWEST'].map((n) => ({ match: { systemContains: `VERSION-${n}` }, reply: { content: `answer of version ${n.toLowerCase()}` } })),
  });
  s = await startAuthServer({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_RATE_LIMIT: '0' });
  admin = await s.setupAdmin();
  viewer = await s.addUser(admin, 'viewer@example.com', 'viewer');
  outsider = await s.addUser(admin, 'outsider@example.com', 'editor');
  const users = (await s.call('GET', '/api/users', { cookie: admin })).body.users as { id: string; email: string }[];
  const viewerId = users.find((u) => u.email === 'viewer@example.com')!.id;
  expect((await s.call('PUT', `/api/workspaces/default/members/${viewerId}`, { cookie: admin }, { role: 'viewer' })).status).toBe(200);
  secret = (await s.call('POST', '/api/keys', { cookie: admin }, { name: 'publish-test' })).body.secret;
  client = new OpenAI({ baseURL: `${s.api.url}/api/v1`, apiKey: secret, maxRetries: 0 });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await mock?.close();
});

async function newGraph(name: string): Promise<string> {
  const res = await s.call('POST', '/api/graphs', { cookie: admin }, { document: { ...version('ONE'), name } });
  expect(res.status).toBe(201);
  return res.body.id;
}
const edit = async (id: string, name: string, n: string) => expect((await s.call('PUT', `/api/graphs/${id}`, { cookie: admin }, { document: { ...version(n), name } })).status).toBe(200);
const publish = (id: string, body: unknown, cookie = admin) => s.call('POST', `/api/graphs/${id}/publish`, { cookie }, body);
const chat = async (model: string) => (await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] })).choices[0]!.message.content;

async function mcpAnswer(name: string): Promise<string> {
  const mcp = new Client({ name: 'publish-test', version: '1' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.api.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  try {
    const tools = await mcp.listTools();
    expect(tools.tools.map((t) => t.name)).toContain(name);
    const result = (await mcp.callTool({ name, arguments: { input: 'hello' } })) as { content: { type: string; text: string }[] };
    return result.content.map((c) => c.text).join('');
  } finally {
    await mcp.close();
  }
}

async function editorRunAnswer(id: string): Promise<{ output: unknown; version: number }> {
  const started = await s.call('POST', `/api/graphs/${id}/runs`, { cookie: admin }, { input: 'hello' });
  expect(started.status).toBe(201);
  for (;;) {
    const { body } = await s.call('GET', `/api/runs/${started.body.run_id}`, { cookie: admin });
    if (['succeeded', 'failed'].includes(body.run.status)) return { output: body.run.output, version: (await getStore().runs.get(started.body.run_id))!.graphVersion! };
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a published version is what outside callers run', () => {
  it('publish N, edit to N+1: chat completions, assistants and MCP answer with N; the editor runs N+1', async () => {
    const id = await newGraph('pub-main');
    const res = await publish(id, { version: 1, note: 'launch' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ published: { version: 1, note: 'launch', published_by: 'admin' }, newest_version: 1 });
    await edit(id, 'pub-main', 'TWO');
    expect((await s.call('GET', `/api/graphs/${id}/publish`, { cookie: viewer })).body).toMatchObject({ published: { version: 1 }, newest_version: 2 });

    expect(await chat('pub-main')).toBe('answer of version one');
    const stream = await client.chat.completions.create({ model: id, messages: [{ role: 'user', content: 'hello' }], stream: true });
    let streamed = '';
    for await (const c of stream) streamed += c.choices[0]?.delta.content ?? '';
    expect(streamed).toBe('answer of version one');
    expect(await mcpAnswer('pub-main')).toContain('answer of version one');

    const assistant = await client.beta.assistants.create({ model: 'pub-main' });
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'hello' }] });
    const run = await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: assistant.id });
    expect(run.status).toBe('completed');
    const messages = await client.beta.threads.messages.list(thread.id);
    expect(JSON.stringify(messages.data[0]!.content)).toContain('answer of version one');

    expect(await editorRunAnswer(id)).toMatchObject({ version: 2 });
    expect(JSON.stringify((await editorRunAnswer(id)).output)).toContain('answer of version two');
  });

  it('rollback publishes an older version; unpublish goes back to the newest', async () => {
    const id = await newGraph('pub-rollback');
    await edit(id, 'pub-rollback', 'TWO');
    expect((await publish(id, { version: 2 })).status).toBe(200);
    await edit(id, 'pub-rollback', 'THREE');
    expect(await chat('pub-rollback')).toBe('answer of version two');
    expect((await publish(id, { version: 1, note: 'roll back' })).body.published).toMatchObject({ version: 1, note: 'roll back' });
    expect(await chat('pub-rollback')).toBe('answer of version one');
    expect(await mcpAnswer('pub-rollback')).toContain('answer of version one');
    const gone = await s.call('DELETE', `/api/graphs/${id}/publish`, { cookie: admin });
    expect(gone.body).toEqual({ published: null, newest_version: 3 });
    expect(await chat('pub-rollback')).toBe('answer of version three');
  });

  it('a graph never published runs its newest version, as before', async () => {
    const id = await newGraph('pub-never');
    await edit(id, 'pub-never', 'NEWEST');
    expect((await s.call('GET', `/api/graphs/${id}/publish`, { cookie: admin })).body).toEqual({ published: null, newest_version: 2 });
    expect(await chat('pub-never')).toBe('answer of version newest');
    expect(await mcpAnswer('pub-never')).toContain('answer of version newest');
  });

  it('refuses: a viewer (403), another workspace (404), an unknown version (404), a bad body (400 naming the field)', async () => {
    const id = await newGraph('pub-refused');
    const asViewer = await publish(id, { version: 1 }, viewer);
    expect(asViewer.status).toBe(403);
    expect((await s.call('DELETE', `/api/graphs/${id}/publish`, { cookie: viewer })).status).toBe(403);
    expect((await publish(id, { version: 1 }, outsider)).status).toBe(404);
    expect((await s.call('GET', `/api/graphs/${id}/publish`, { cookie: outsider })).status).toBe(404);
    const unknown = await publish(id, { version: 7 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/version 7/);
    const bad = await publish(id, { version: 'latest' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/version/);
    expect((await publish(id, { version: 1, extra: true })).status).toBe(400);
    expect((await s.call('GET', `/api/graphs/${id}/publish`, { cookie: admin })).body.published).toBeNull();
  });
});
