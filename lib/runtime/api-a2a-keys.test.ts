/**
 * A2A with accounts on: an API key reaches the agents (graphs) of its own workspace only. The SDK's
 * client with the key as a Bearer token reads the card and runs a task; the workspace card lists only
 * the key's graphs; another workspace's graph is a 404, no key a 401 (a JSON-RPC envelope on the
 * endpoint).
 */
import { Role, TaskState } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let s: AuthServer;
let keyA = '';

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [{ reply: { content: 'Hello from A.' } }] });
  s = await startAuthServer({ SWITCHYARD_RATE_LIMIT: '0', OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test' });
  const admin = { cookie: await s.setupAdmin() };
  const ws = async (name: string) => (await s.call('POST', '/api/workspaces', admin, { name })).body.workspace.id as string;
  const [a, b] = [await ws('Team A'), await ws('Team B')];
  for (const [w, name] of [[a, 'alpha'], [b, 'beta']] as const) {
    const g = await s.call('POST', `/api/graphs?workspace=${w}`, admin, { document: agentGraph(name) });
    if (g.status !== 201) throw new Error(`graph ${name}: ${g.status} ${JSON.stringify(g.body)}`);
  }
  keyA = (await s.call('POST', `/api/keys?workspace=${a}`, admin, { name: 'a2a-a' })).body.secret;
}, 60_000);
afterAll(async () => {
  await s?.close();
  await mock?.close();
});

function clientWithKey(key: string) {
  const authed: typeof fetch = (url, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${key}`);
    return fetch(url, { ...init, headers });
  };
  return new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl: authed })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: authed }),
    }),
  );
}

const rpcBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } });

describe('A2A and API keys', () => {
  it('the SDK client with a key of workspace A runs A’s graph as a task', async () => {
    const agent = await clientWithKey(keyA).createFromUrl(`${s.api.url}/api/a2a/alpha/`, 'agent-card.json');
    const task = await agent.sendMessage({
      tenant: '',
      message: { messageId: 'm1', contextId: '', taskId: '', role: Role.ROLE_USER, parts: [{ content: { $case: 'text', value: 'hi' }, metadata: undefined, filename: '', mediaType: 'text/plain' }], metadata: undefined, extensions: [], referenceTaskIds: [] },
      configuration: undefined,
      metadata: undefined,
    });
    expect('status' in task && task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('the workspace card lists only the key’s workspace’s graphs', async () => {
    const card = await s.call('GET', '/api/well-known/agent-card.json', { bearer: keyA }); // = /.well-known/agent-card.json (next.config.mjs)
    expect(card.status).toBe(200);
    expect(card.body.skills.map((x: { id: string }) => x.id)).toEqual(['alpha']);
    expect(JSON.stringify(card.body)).not.toContain('beta');
  });

  it('another workspace’s graph: 404 for its card and endpoint with the key (the SDK client cannot reach it)', async () => {
    expect((await s.call('GET', '/api/a2a/beta/agent-card.json', { bearer: keyA })).status).toBe(404);
    const rpc = await s.api.fetch('/api/a2a/beta', { method: 'POST', headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json' }, body: rpcBody });
    expect(rpc.status).toBe(404);
    expect(await rpc.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { code: 'not_found' } } });
    await expect(clientWithKey(keyA).createFromUrl(`${s.api.url}/api/a2a/beta/`, 'agent-card.json')).rejects.toThrow(/404/);
  });

  it('no key, or a wrong one: 401 on the cards and the endpoint', async () => {
    expect((await s.call('GET', '/api/well-known/agent-card.json')).status).toBe(401);
    expect((await s.call('GET', '/api/a2a/alpha/agent-card.json')).status).toBe(401);
    // Same-origin (a POST without Origin and without a key is refused as cross-site first: 403).
    const rpc = await s.api.fetch('/api/a2a/alpha', { method: 'POST', headers: { 'content-type': 'application/json', origin: s.api.url }, body: rpcBody });
    expect(rpc.status).toBe(401);
    expect(await rpc.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, data: { code: 'unauthorized' } } });
    const wrong = await s.api.fetch('/api/a2a/alpha', { method: 'POST', headers: { authorization: 'Bearer sk-not-a-key', 'content-type': 'application/json' }, body: rpcBody });
    expect(wrong.status).toBe(401);
  });
});
