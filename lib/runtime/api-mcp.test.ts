/**
 * Through HTTP: MCP servers configured in /api/mcp-servers (Test lists their tools), their tools
 * called from an agent run (mock model), refused on a private address unless allow-listed; and
 * /api/mcp used by the SDK's client to list and run saved graphs.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { setEnv } from '@/lib/testing/env';
import { forgetMcpClient } from './mcp/client-pool';
import { startMcpTestServer, type McpTestServer } from './mcp/testing/mcp-test-server';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let mcp: McpTestServer;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI();
  mcp = await startMcpTestServer();
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
  await mcp?.close();
  await mock?.close();
});

describe('MCP servers (Settings, /api/mcp-servers)', () => {
  it('saves a server with write-only headers, and Test lists its tools', async () => {
    const created = await h.call('POST', '/api/mcp-servers', { name: 'calc', url: mcp.url, headers: { Authorization: 'Bearer mcp-secret' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'calc', transport: 'http', url: mcp.url, header_names: ['Authorization'], read_only: false });
    const list = await h.call('GET', '/api/mcp-servers');
    expect(JSON.stringify(list.body)).not.toContain('mcp-secret');
    const test = await h.call('POST', '/api/mcp-servers/calc/test');
    expect(test.body).toMatchObject({ ok: true, tools: [{ name: 'add' }, { name: 'echo' }, { name: 'fail' }] });
    expect((await h.call('POST', '/api/mcp-servers', { name: 'calc', url: mcp.url })).status).toBe(409);
  });

  it('offers the allow-listed tools to an agent; calls and results are traced', async () => {
    mock.script([
      { match: { turn: 1, lastUserContains: 'mcp-sum' }, reply: { tool_calls: [{ name: 'add', arguments: { a: 2, b: 3 } }] } },
      { match: { turn: 2, lastUserContains: 'mcp-sum', hasToolResultFor: 'add' }, reply: { content: 'The sum is 5.' } },
    ]);
    const doc = agentGraph('mcp-agent', { tools: { calc: { type: 'mcp', server: 'calc', tools: ['add'] } }, agent: { tools: ['calc'] } });
    const runId = await h.startRun(await h.createGraph(doc), { input: 'mcp-sum: 2 + 3' });
    const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(run.status).toBe('succeeded');
    const call = events.find((e) => e.type === 'tool.call')!;
    expect(call.data).toMatchObject({ tool: 'add', type: 'mcp', args: { a: 2, b: 3 } });
    expect(events.find((e) => e.type === 'tool.result')!.data).toMatchObject({ tool: 'add', output: '5' });
    expect(mcp.calls.at(-1)).toEqual({ name: 'add', args: { a: 2, b: 3 }, authorization: 'Bearer mcp-secret' });
    // Only the allow-listed tool was offered to the model.
    const offered = (mock.requests.at(-1)!.body as { tools?: { function: { name: string } }[] }).tools?.map((t) => t.function.name);
    expect(offered).toEqual(['add']);
  });

  it('reaches a server over the older HTTP+SSE transport too', async () => {
    expect((await h.call('POST', '/api/mcp-servers', { name: 'calc_sse', transport: 'sse', url: mcp.sseUrl })).status).toBe(201);
    expect((await h.call('POST', '/api/mcp-servers/calc_sse/test')).body).toMatchObject({ ok: true, tools: [{ name: 'add' }, { name: 'echo' }, { name: 'fail' }] });
    mock.script([
      { match: { turn: 1, lastUserContains: 'mcp-echo' }, reply: { tool_calls: [{ name: 'echo', arguments: { text: 'over sse' } }, { name: 'fail', arguments: {} }] } },
      { match: { turn: 2, lastUserContains: 'mcp-echo' }, reply: { content: 'done' } },
    ]);
    const doc = agentGraph('mcp-sse', { tools: { sse: { type: 'mcp', server: 'calc_sse', tools: ['echo', 'fail'] } }, agent: { tools: ['sse'] } });
    const runId = await h.startRun(await h.createGraph(doc), { input: 'mcp-echo' });
    const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(run.status).toBe('succeeded');
    const results = events.filter((e) => e.type === 'tool.result').map((e) => e.data);
    expect(results[0]).toMatchObject({ tool: 'echo', output: 'over sse' });
    // A result the server flags isError reaches the model as the tool's error.
    expect(results[1]).toMatchObject({ tool: 'fail', error: expect.stringMatching(/it broke/) });
  });

  it('stdio servers come only from SWITCHYARD_MCP_STDIO: listed read-only, tested, called', async () => {
    const script = path.join(process.cwd(), 'lib/runtime/mcp/testing/stdio-server.mjs');
    const restore = setEnv({ SWITCHYARD_MCP_STDIO: JSON.stringify({ local: { command: process.execPath, args: [script], env: { STDIO_TAG: 't-7' } } }) });
    try {
      const list = await h.call('GET', '/api/mcp-servers');
      expect(list.body.servers.find((x: { name: string }) => x.name === 'local')).toMatchObject({ transport: 'stdio', source: 'config', read_only: true, url: null });
      expect((await h.call('DELETE', '/api/mcp-servers/local')).status).toBe(409);
      expect((await h.call('POST', '/api/mcp-servers', { name: 'local', url: mcp.url })).status).toBe(409);
      expect((await h.call('POST', '/api/mcp-servers/local/test')).body).toMatchObject({ ok: true, tools: [{ name: 'whoami' }] });
      mock.script([
        { match: { turn: 1, lastUserContains: 'mcp-stdio' }, reply: { tool_calls: [{ name: 'whoami', arguments: {} }] } },
        { match: { turn: 2, lastUserContains: 'mcp-stdio' }, reply: { content: 'ok' } },
      ]);
      const doc = agentGraph('mcp-stdio', { tools: { local: { type: 'mcp', server: 'local', tools: ['whoami'] } }, agent: { tools: ['local'] } });
      const runId = await h.startRun(await h.createGraph(doc), { input: 'mcp-stdio' });
      const { events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
      expect(events.find((e) => e.type === 'tool.result')!.data).toMatchObject({ tool: 'whoami', output: 'stdio server t-7' });
    } finally {
      restore();
      await forgetMcpClient('local');
    }
  });

  it('the API cannot configure a stdio server (a command line): stdio is server config only', async () => {
    const res = await h.call('POST', '/api/mcp-servers', { name: 'evil', transport: 'stdio', url: 'http://x/', command: 'rm' });
    expect(res.status).toBe(400);
  });

  it('a graph naming an unknown server is refused when saved, naming the tool (api-tool-save-checks.test.ts: at run start too)', async () => {
    const doc = agentGraph('mcp-unknown', { tools: { x: { type: 'mcp', server: 'nope', tools: ['add'] } }, agent: { tools: ['x'] } });
    const res = await h.call('POST', '/api/graphs', { document: doc });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'unknown_mcp_server', message: expect.stringMatching(/^tools\.x\.server: unknown MCP server "nope"/) })]);
  });

  it('SSRF: an MCP server on a private address is refused unless allow-listed', async () => {
    const restore = setEnv({ SWITCHYARD_ALLOWED_HOSTS: '' });
    try {
      const test = await h.call('POST', '/api/mcp-servers/calc/test');
      expect(test.body).toMatchObject({ ok: false, error: { code: 'ssrf_blocked' } });
    } finally {
      restore();
    }
    expect(mcp.calls.length).toBeGreaterThan(0); // (earlier tests reached it while allowed)
  });

  it('edits and deletes a server', async () => {
    const put = await h.call('PUT', '/api/mcp-servers/calc', { headers: { Authorization: null, 'X-Team': 'a' } });
    expect(put.body).toMatchObject({ header_names: ['X-Team'] });
    expect((await h.call('DELETE', '/api/mcp-servers/calc')).status).toBe(204);
    expect((await h.call('POST', '/api/mcp-servers/calc/test')).status).toBe(404);
  });
});

describe('/api/mcp: every graph is an MCP tool', () => {
  it('the SDK client lists saved graphs and runs one, with progress notifications', async () => {
    const doc = agentGraph('mcp-answer', { description: 'Answers questions.', state: { topic: { type: 'string' } } });
    await h.createGraph(doc);
    mock.script([{ match: { lastUserContains: 'mcp-question' }, reply: { content: 'Forty-two.' } }]);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${h.api.url}/api/mcp`)));
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === 'mcp-answer')!;
      expect(tool.description).toBe('Answers questions.');
      expect(tool.inputSchema).toMatchObject({ required: ['input'], properties: { input: { type: 'string' }, inputs: { properties: { topic: { type: 'string' } } } } });
      const progress: string[] = [];
      const result = await client.callTool({ name: 'mcp-answer', arguments: { input: 'mcp-question: the answer?' } }, undefined, { onprogress: (p) => progress.push(String(p.message)) });
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text: 'Forty-two.' }]);
      expect(progress).toContain('agent started');
      expect(progress).toContain('agent finished');
      // An unknown tool is a JSON-RPC error (-32602), not an isError result.
      await expect(client.callTool({ name: 'no-such-graph', arguments: { input: 'x' } })).rejects.toThrow(/no graph named "no-such-graph"/);
    } finally {
      await client.close();
    }
  });

  it('a call the client cancels (and disconnects) cancels its run', async () => {
    const graphId = await h.createGraph(agentGraph('mcp-stall'));
    mock.script([{ match: { lastUserContains: 'mcp-stall' }, reply: { content: 'never finished', stallAfter: 0 } }]);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${h.api.url}/api/mcp`)));
    const ctrl = new AbortController();
    try {
      const call = client.callTool({ name: 'mcp-stall', arguments: { input: 'mcp-stall' } }, undefined, {
        signal: ctrl.signal,
        onprogress: (p) => p.message === 'agent started' && ctrl.abort(),
      });
      await expect(call).rejects.toThrow();
    } finally {
      await client.close();
    }
    const runs = await h.call('GET', `/api/graphs/${graphId}/runs`);
    const runId = (runs.body.runs as { id: string }[])[0].id;
    expect((await h.waitForStatus(runId, ['cancelled'])).run.status).toBe('cancelled');
  });

  it('is protected like /api/v1: SWITCHYARD_API_KEY is required when set', async () => {
    const restore = setEnv({ SWITCHYARD_API_KEY: 'k-mcp' });
    try {
      const refused = new Client({ name: 'test', version: '1' });
      await expect(refused.connect(new StreamableHTTPClientTransport(new URL(`${h.api.url}/api/mcp`)))).rejects.toThrow();
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${h.api.url}/api/mcp`), { requestInit: { headers: { Authorization: 'Bearer k-mcp' } } }));
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('mcp-answer');
      await client.close();
    } finally {
      restore();
    }
  });
});
