/**
 * An MCP server built with the SDK on 127.0.0.1 and a free port for the tests, tools `add`, `echo`,
 * `fail`: streamable HTTP (stateless) at `/mcp`, and the older HTTP+SSE transport at `/sse`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface McpTestServer {
  /** Streamable HTTP endpoint. */
  url: string;
  /** HTTP+SSE endpoint (GET opens the stream, POSTs go to the endpoint it names). */
  sseUrl: string;
  port: number;
  /** Each tools/call: the tool name, its arguments and the request's authorization header. */
  calls: Array<{ name: string; args: Record<string, unknown>; authorization?: string }>;
  close(): Promise<void>;
}

const TOOLS = [
  { name: 'add', description: 'Add two numbers.', inputSchema: { type: 'object' as const, properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
  { name: 'echo', description: 'Say the text back.', inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } }, required: ['text'] } },
  { name: 'fail', description: 'Always fails.', inputSchema: { type: 'object' as const, properties: {} } },
];

export async function startMcpTestServer(): Promise<McpTestServer> {
  const calls: McpTestServer['calls'] = [];
  const sse = new Map<string, SSEServerTransport>();
  const http = createServer(async (req: IncomingMessage, res) => {
    const server = toolServer(calls, req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      sse.set(transport.sessionId, transport);
      res.on('close', () => sse.delete(transport.sessionId));
      await server.connect(transport);
      return;
    }
    if (url.pathname === '/messages') {
      const transport = sse.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) return void res.writeHead(404).end('no session');
      return void (await transport.handlePostMessage(req, res));
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    sseUrl: `http://127.0.0.1:${port}/sse`,
    port,
    calls,
    close: () => new Promise((r) => (http.closeAllConnections(), http.close(() => r()))),
  };
}

function toolServer(calls: McpTestServer['calls'], req: IncomingMessage): Server {
    const server = new Server({ name: 'test-tools', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      calls.push({ name: request.params.name, args, authorization: req.headers.authorization });
      if (request.params.name === 'add') return { content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] };
      if (request.params.name === 'echo') return { content: [{ type: 'text', text: String(args.text) }] };
      return { content: [{ type: 'text', text: 'it broke' }], isError: true };
    });
    return server;
}
