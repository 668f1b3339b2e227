/** An MCP server built with the SDK (streamable HTTP, stateless, on 127.0.0.1 and a free port) for the tests: `add`, `echo`, `fail`. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface McpTestServer {
  url: string;
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
  const http = createServer(async (req: IncomingMessage, res) => {
    const server = new Server({ name: 'test-tools', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      calls.push({ name: request.params.name, args, authorization: req.headers.authorization });
      if (request.params.name === 'add') return { content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] };
      if (request.params.name === 'echo') return { content: [{ type: 'text', text: String(args.text) }] };
      return { content: [{ type: 'text', text: 'it broke' }], isError: true };
    });
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
    port,
    calls,
    close: () => new Promise((r) => (http.closeAllConnections(), http.close(() => r()))),
  };
}
