/**
 * /api/mcp for both protocol eras (issue 24 part 4): the MCP SDK 2.x client pinned to the stateless
 * 2026-07-28 revision (no initialize, `server/discover`, the `_meta` envelope on every request) and
 * the 1.x client (2025-era initialize) list and call the same graph tools; a graph whose `output` is a
 * declared state channel publishes an outputSchema and returns structuredContent; an unknown tool is
 * a JSON-RPC error for both.
 */
import { Client as ModernClient, ProtocolError, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { agentGraph } from './testing/graphs';
import { connectMcp } from './mcp/client-pool';
import { startMcpTestServer } from './mcp/testing/mcp-test-server';

let mock: MockOpenAI;
let h: Harness;
const url = () => new URL(`${h.api.url}/api/mcp`);

withMockHarness((started) => ({ mock, h } = started), { SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
beforeAll(async () => {
  await h.createGraph(agentGraph('mcp-summary', { description: 'Summarizes.', state: { summary: { type: 'string', description: 'The summary.' } }, output: 'summary', agent: { output: 'summary' } }));
  await h.createGraph(agentGraph('mcp-plain'));
  mock.script([{ reply: { content: 'A short summary.' } }]);
});

async function modern(): Promise<ModernClient> {
  const client = new ModernClient({ name: 'modern-test', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new ModernTransport(url()));
  return client;
}

describe('MCP 2026-07-28 (SDK 2.x client, stateless)', () => {
  it('connects without initialize, lists graphs with input and output schemas, calls one with progress and structuredContent', async () => {
    const client = await modern();
    try {
      expect(client.getProtocolEra()).toBe('modern');
      const { tools } = await client.listTools();
      const summary = tools.find((t) => t.name === 'mcp-summary')!;
      expect(summary.inputSchema).toMatchObject({ required: ['input'], properties: { input: { type: 'string' }, inputs: { properties: { summary: { type: 'string' } } } } });
      expect(summary.outputSchema).toEqual({ type: 'object', properties: { output: { type: 'string', description: 'The summary.' } }, required: ['output'] });
      expect(tools.find((t) => t.name === 'mcp-plain')!.outputSchema).toBeUndefined();
      const progress: string[] = [];
      const result = await client.callTool({ name: 'mcp-summary', arguments: { input: 'Summarize MCP.' } }, { onprogress: (p) => progress.push(String(p.message)) });
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text: 'A short summary.' }]);
      expect(result.structuredContent).toEqual({ output: 'A short summary.' });
      expect(progress).toContain('agent finished');
      const plain = await client.callTool({ name: 'mcp-plain', arguments: { input: 'hi' } });
      expect(plain.structuredContent).toBeUndefined();
    } finally {
      await client.close();
    }
    // No initialize and no session on the wire: nothing the server kept between requests.
  });

  it('an unknown tool and missing arguments are JSON-RPC errors (-32602), not tool results', async () => {
    const client = await modern();
    try {
      const err = await client.callTool({ name: 'no-such-graph', arguments: { input: 'x' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProtocolError);
      expect((err as ProtocolError).code).toBe(-32602);
      expect((err as Error).message).toMatch(/no graph named "no-such-graph"/);
      const noInput = await client.callTool({ name: 'mcp-plain', arguments: {} }).catch((e: unknown) => e);
      expect((noInput as ProtocolError).code).toBe(-32602);
    } finally {
      await client.close();
    }
  });

  it('server/discover answers a bare HTTP request with the 2026-07-28 revision', async () => {
    const res = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-method': 'server/discover', 'mcp-protocol-version': '2026-07-28' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const text = await res.text();
    expect(text).toContain('2026-07-28');
    expect(text).toContain('switchyard');
  });

  it('an auto-negotiating 2.x client lands on the modern era', async () => {
    const client = new ModernClient({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new ModernTransport(url()));
    try {
      expect(client.getProtocolEra()).toBe('modern');
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(['mcp-summary', 'mcp-plain']));
    } finally {
      await client.close();
    }
  });
});

describe('2025-era clients (SDK 1.x) on the same endpoint', () => {
  it('initialize, list and call still work; structuredContent comes back; an unknown tool is a JSON-RPC error', async () => {
    const client = new LegacyClient({ name: 'legacy-test', version: '1' });
    const transport = new LegacyTransport(url());
    await client.connect(transport);
    try {
      expect(['2025-06-18', '2025-11-25']).toContain(transport.protocolVersion);
      expect(client.getServerVersion()).toMatchObject({ name: 'switchyard' });
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === 'mcp-summary')!.outputSchema).toMatchObject({ properties: { output: { type: 'string' } } });
      const result = await client.callTool({ name: 'mcp-summary', arguments: { input: 'Summarize MCP.' } });
      expect(result.structuredContent).toEqual({ output: 'A short summary.' });
      const err = await client.callTool({ name: 'no-such-graph', arguments: { input: 'x' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(McpError);
      expect((err as McpError).code).toBe(-32602);
    } finally {
      await client.close();
    }
  });
});

describe('the MCP tool (client side) reaches servers of either era', () => {
  const httpServer = (name: string, at: string) => ({ name, transport: 'http' as const, url: at, headers: {}, source: 'db' as const, createdAt: new Date(), workspace: null });

  it('negotiates 2026-07-28 with a modern server and the 2025 handshake with a 1.x server', async () => {
    const modernClient = await connectMcp(httpServer('self', url().href));
    const legacyServer = await startMcpTestServer();
    try {
      expect(modernClient.getProtocolEra()).toBe('modern');
      const legacyClient = await connectMcp(httpServer('calc', legacyServer.url));
      expect(legacyClient.getProtocolEra()).toBe('legacy');
      expect((await legacyClient.listTools()).tools.map((t) => t.name)).toContain('add');
      await legacyClient.close();
    } finally {
      await modernClient.close();
      await legacyServer.close();
    }
  });

  it('a graph calls another graph through /api/mcp (2026-07-28) as an MCP tool', async () => {
    expect((await h.call('POST', '/api/mcp-servers', { name: 'self', url: url().href })).status).toBe(201);
    mock.script([
      { name: 'inner', match: { lastUserContains: 'inner question' }, reply: { content: 'inner answer' } },
      { name: 'outer-final', match: { hasToolResultFor: 'mcp-plain' }, reply: { content: 'The other graph said so.' } },
      { name: 'outer-call', match: { lastUserContains: 'ask the other graph' }, reply: { tool_calls: [{ name: 'mcp-plain', arguments: { input: 'inner question' } }] } },
    ]);
    try {
      const doc = agentGraph('mcp-caller', { tools: { other: { type: 'mcp', server: 'self', tools: ['mcp-plain'] } }, agent: { tools: ['other'] } });
      const runId = await h.startRun(await h.createGraph(doc), { input: 'ask the other graph' });
      const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
      expect(run.status).toBe('succeeded');
      expect(run.output).toBe('The other graph said so.');
      expect(events.find((e) => e.type === 'tool.result')!.data).toMatchObject({ tool: 'mcp-plain', output: 'inner answer' });
    } finally {
      mock.script([{ reply: { content: 'A short summary.' } }]);
    }
  });
});
