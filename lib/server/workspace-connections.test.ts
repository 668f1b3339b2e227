/**
 * Connections and MCP servers per workspace (issue 21, item 1): instance-wide (no `workspace`, as
 * before) or one workspace's own. A workspace lists and uses the instance-wide ones and its own; a
 * run of another workspace's graph cannot use them (the model call fails naming the connection),
 * over the real openai client against the mock model server. A subgraph is looked up by name in the
 * run's own workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { agentGraph } from '@/lib/runtime/testing/graphs';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';

let s: AuthServer;
let mock: MockOpenAI;
const c: Record<'admin' | 'alice' | 'bob', string> = { admin: '', alice: '', bob: '' };
let A = '';
let B = '';

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [{ name: 'answer', reply: { content: 'hello from the model' } }] });
  s = await startAuthServer({ SWITCHYARD_RATE_LIMIT: '0', SWITCHYARD_ALLOWED_HOSTS: new URL(mock.url).host });
  c.admin = await s.setupAdmin();
  c.alice = await s.addUser(c.admin, 'alice@example.com', 'editor');
  c.bob = await s.addUser(c.admin, 'bob@example.com', 'editor');
  const users = (await s.call('GET', '/api/users', { cookie: c.admin })).body.users as { id: string; email: string }[];
  const id = (email: string) => users.find((u) => u.email === email)!.id;
  A = (await s.call('POST', '/api/workspaces', { cookie: c.admin }, { name: 'A' })).body.workspace.id;
  B = (await s.call('POST', '/api/workspaces', { cookie: c.admin }, { name: 'B' })).body.workspace.id;
  await s.call('PUT', `/api/workspaces/${A}/members/${id('alice@example.com')}`, { cookie: c.admin }, { role: 'editor' });
  await s.call('PUT', `/api/workspaces/${B}/members/${id('bob@example.com')}`, { cookie: c.admin }, { role: 'editor' });
  const made = [
    await s.call('POST', '/api/connections', { cookie: c.admin }, { name: 'team-a-llm', base_url: mock.url, api_key: 'sk-team-a', workspace: A }),
    await s.call('POST', '/api/connections', { cookie: c.admin }, { name: 'shared-llm', base_url: mock.url, api_key: 'sk-shared' }),
    await s.call('POST', '/api/mcp-servers', { cookie: c.admin }, { name: 'team-a-tools', url: 'https://tools.example.com/mcp', workspace: A }),
    await s.call('POST', '/api/mcp-servers', { cookie: c.admin }, { name: 'shared-tools', url: 'https://shared.example.com/mcp' }),
  ];
  expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201]);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await mock?.close();
});

const names = (list: { name: string }[]) => list.map((x) => x.name).sort();

async function runTo(cookie: string, workspace: string, doc: GraphDocument): Promise<{ status: string; error: unknown }> {
  const g = await s.call('POST', `/api/graphs?workspace=${workspace}`, { cookie }, { document: doc });
  expect(g.status, JSON.stringify(g.body)).toBe(201);
  const started = await s.call('POST', `/api/graphs/${g.body.id}/runs`, { cookie }, { input: 'hi' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  for (;;) {
    const { body } = await s.call('GET', `/api/runs/${started.body.run_id}`, { cookie });
    if (['succeeded', 'failed', 'cancelled'].includes(body.run.status)) return { status: body.run.status, error: body.run.error };
    await new Promise((r) => setTimeout(r, 50));
  }
}

const using = (name: string, connection: string) => agentGraph(name, { models: { default: { connection, model: 'mock-model' } } } as Partial<GraphDocument>);

describe('connections and MCP servers per workspace', () => {
  it('a workspace lists the instance-wide ones and its own only', async () => {
    expect(names((await s.call('GET', `/api/connections?workspace=${A}`, { cookie: c.alice })).body.connections)).toEqual(['shared-llm', 'team-a-llm']);
    expect(names((await s.call('GET', `/api/connections?workspace=${B}`, { cookie: c.bob })).body.connections)).toEqual(['shared-llm']);
    expect(names((await s.call('GET', `/api/mcp-servers?workspace=${A}`, { cookie: c.alice })).body.servers)).toEqual(['shared-tools', 'team-a-tools']);
    expect(names((await s.call('GET', `/api/mcp-servers?workspace=${B}`, { cookie: c.bob })).body.servers)).toEqual(['shared-tools']);
    const view = ((await s.call('GET', `/api/connections?workspace=${A}`, { cookie: c.alice })).body.connections as { name: string; workspace: string | null }[]).map((x) => [x.name, x.workspace]);
    expect(view).toEqual([['shared-llm', null], ['team-a-llm', A]]);
  });

  it('an unknown workspace on a new connection or MCP server is 404, and nothing is saved', async () => {
    const conn = await s.call('POST', '/api/connections', { cookie: c.admin }, { name: 'lost-llm', base_url: mock.url, workspace: 'no-such-workspace' });
    const mcp = await s.call('POST', '/api/mcp-servers', { cookie: c.admin }, { name: 'lost-tools', url: 'https://x.example.com/mcp', workspace: 'no-such-workspace' });
    expect([conn.status, mcp.status]).toEqual([404, 404]);
    expect(names((await s.call('GET', '/api/connections', { cookie: c.admin })).body.connections)).not.toContain('lost-llm');
  });

  it('the editor’s model picker reaches only a connection of the current workspace', async () => {
    expect((await s.call('GET', `/api/connections/team-a-llm/models?workspace=${B}`, { cookie: c.bob })).status).toBe(404);
    expect((await s.call('GET', `/api/connections/team-a-llm/models?workspace=${A}`, { cookie: c.alice })).status).toBe(200);
  });

  it('runs use their workspace’s connection and the instance-wide one; another workspace’s fails naming it', async () => {
    const mine = await runTo(c.alice, A, using('uses-team-a', 'team-a-llm'));
    expect(mine.status, JSON.stringify(mine.error)).toBe('succeeded');
    const shared = await runTo(c.bob, B, using('uses-shared', 'shared-llm'));
    expect(shared.status).toBe('succeeded');
    const theirs = await runTo(c.bob, B, using('borrows-team-a', 'team-a-llm'));
    expect(theirs.status).toBe('failed');
    expect(JSON.stringify(theirs.error)).toContain('team-a-llm');
    expect(JSON.stringify(theirs.error)).not.toContain(mock.url);
  });

  it('a subgraph is found by name in the run’s workspace only', async () => {
    const child = { switchyard: 1, name: 'child-of-a', nodes: {}, edges: [{ from: 'START', to: 'END' }] } as unknown as GraphDocument;
    expect((await s.call('POST', `/api/graphs?workspace=${A}`, { cookie: c.alice }, { document: child })).status).toBe(201);
    const parent = (name: string) => ({ switchyard: 1, name, nodes: { sub: { role: 'subgraph', graph: 'child-of-a' } }, edges: [{ from: 'START', to: 'sub' }, { from: 'sub', to: 'END' }] }) as unknown as GraphDocument;
    expect((await runTo(c.alice, A, parent('parent-in-a'))).status).toBe('succeeded');
    const theirs = await runTo(c.bob, B, parent('parent-in-b'));
    expect(theirs.status).toBe('failed');
    expect(JSON.stringify(theirs.error)).toContain('child-of-a');
  });
});
