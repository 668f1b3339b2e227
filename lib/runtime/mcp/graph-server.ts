/**
 * Every saved graph as an MCP tool (/api/mcp). Served by the MCP SDK 2.x `createMcpHandler`, which
 * answers both protocol eras on one endpoint, per request: the stateless 2026-07-28 revision (no
 * `initialize`, `server/discover`, the `_meta` envelope with the protocol version on every request)
 * and 2025-06-18 / 2025-11-25 clients through the stateless 2025 idiom (`initialize` then calls, no
 * session). The same low-level server backs both.
 *
 * tools/list: one tool per graph, named after it, input `{ input: string, inputs?: { <declared state
 * channel>: ... } }`; a graph whose `output` names a declared state channel also publishes an
 * `outputSchema` (`{ output: <the channel's schema> }`) and returns `structuredContent` with it.
 * tools/call: starts a run (run-manager.ts), waits for it and returns its answer as text; with a
 * progressToken, trace events (nodes starting and finishing, tool calls) stream back as progress
 * notifications; a cancelled request cancels the run. A tool name no graph has, or arguments without
 * `input`, is a JSON-RPC error (-32602), not a tool result. `beforeRun` (the route's API-key budget
 * check) runs before each run starts: what it throws (budget_exceeded) is the call's error result
 * and no run starts.
 */
import 'server-only';
import { createMcpHandler, ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { ChannelType, GraphDocument } from '@/lib/graph/schema';
import { getStore } from '@/db/store';
import { isAppError } from '@/lib/errors';
import { subscribe } from '../event-bus';
import { cancelRun, startRun, waitForRun } from '../run-manager';
import { outsideGraph, outsideVersion } from '../published';

const CHANNEL_SCHEMAS: Record<ChannelType, Record<string, unknown>> = {
  messages: { type: 'array', items: { type: 'object' } },
  string: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  json: {},
  list: { type: 'array' },
};

/** A graph's input schema: the task text, and its declared state channels as optional `inputs`. */
export function graphInputSchema(doc: GraphDocument): Tool['inputSchema'] {
  const channels = Object.entries(doc.state ?? {}).map(([name, ch]) => [name, { ...CHANNEL_SCHEMAS[ch.type], ...(ch.description ? { description: ch.description } : {}) }] as const);
  return {
    type: 'object',
    properties: {
      input: { type: 'string', description: 'The task or question for the graph.' },
      inputs: { type: 'object', description: 'Initial values of state channels.', ...(channels.length ? { properties: Object.fromEntries(channels) } : {}) },
    },
    required: ['input'],
  };
}

/** The declared state channel a graph's `output` names, if it names one (the answer then has that channel's type). */
function outputChannel(doc: GraphDocument): { name: string; schema: Record<string, unknown> } | undefined {
  const name = doc.output?.trim();
  const channel = name && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? doc.state?.[name] : undefined;
  if (!name || !channel) return undefined;
  return { name, schema: { ...CHANNEL_SCHEMAS[channel.type], ...(channel.description ? { description: channel.description } : {}) } };
}

/** The output schema of a graph whose `output` is a declared state channel: `{ output: <its schema> }`. */
export function graphOutputSchema(doc: GraphDocument): Tool['outputSchema'] | undefined {
  const out = outputChannel(doc);
  return out ? { type: 'object', properties: { output: out.schema }, required: ['output'] } : undefined;
}

async function graphTools(workspaceId: string): Promise<Tool[]> {
  const graphs = getStore().graphs;
  // Each tool describes the version a call runs (the published one: lib/runtime/published.ts).
  const rows = await Promise.all((await graphs.list([workspaceId])).map(async (s) => {
    const row = await graphs.get(s.id);
    return row && (await outsideGraph(row));
  }));
  return rows.flatMap((row) => {
    if (!row) return [];
    const outputSchema = graphOutputSchema(row.document);
    return [{ name: row.name, description: row.document.description ?? `Run the Switchyard graph "${row.name}".`, inputSchema: graphInputSchema(row.document), ...(outputSchema ? { outputSchema } : {}) }];
  });
}

/** A one-line description of a trace event for a progress notification, or null for events not worth one. */
export function progressMessage(e: TraceEvent): string | null {
  switch (e.type) {
    case 'node.started':
      return `${e.node} started`;
    case 'node.finished':
      return `${e.node} finished`;
    case 'tool.call':
      return `${e.node ?? 'a node'} calls ${String((e.data as { tool?: unknown }).tool ?? 'a tool')}`;
    case 'run.interrupted':
      return 'the run paused';
    default:
      return null;
  }
}

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

function answerText(output: unknown): string {
  if (typeof output === 'string') return output;
  return output === undefined || output === null ? '' : JSON.stringify(output);
}

/** Per request: the workspace whose graphs are the tools; the check before each tools/call starts a run; what it returns goes on the run (its API key). */
export interface McpRunGate {
  workspaceId: string;
  beforeRun?: () => Promise<{ apiKeyId?: string }>;
}

/** The gate's answer, or the error result of the call it refuses (`code: message`, the code in _meta). */
async function passGate(gate: McpRunGate): Promise<{ apiKeyId?: string } | CallToolResult> {
  try {
    return (await gate.beforeRun?.()) ?? {};
  } catch (err) {
    if (!isAppError(err)) throw err;
    return { ...errorResult(`${err.code}: ${err.message}`), _meta: { 'switchyard/error_code': err.code } };
  }
}

function createServer(httpSignal: AbortSignal, gate: McpRunGate): Server {
  const server = new Server({ name: 'switchyard', version: '1' }, { capabilities: { tools: { listChanged: false } } });
  server.setRequestHandler('tools/list', async () => ({ tools: await graphTools(gate.workspaceId) }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const graph = await getStore().graphs.getByName(request.params.name, gate.workspaceId);
    // Not a tool of this server: the request is wrong (a JSON-RPC error, as the spec asks), not a failed call.
    if (!graph) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: no graph named "${request.params.name}".`);
    const args = request.params.arguments ?? {};
    if (typeof args.input !== 'string') throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool "${graph.name}": the arguments need "input" (a string).`);
    const inputs = args.inputs && typeof args.inputs === 'object' && !Array.isArray(args.inputs) ? (args.inputs as Record<string, unknown>) : undefined;
    const key = await passGate(gate);
    if ('content' in key) return key;
    const version = await outsideVersion(graph); // the published version, else the newest
    const run = await startRun(graph.id, { input: args.input, inputs, source: 'mcp', version, ...key });
    const token = ctx.mcpReq._meta?.progressToken;
    let progress = 0;
    const stop =
      token === undefined
        ? () => undefined
        : subscribe(run.id, (e) => {
            const message = progressMessage(e);
            if (message) void ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: ++progress, message } }).catch(() => undefined);
          });
    // The client cancelling the request or going away (the HTTP request aborts) cancels the run.
    const onAbort = () => void cancelRun(run.id).catch(() => undefined);
    const signals = [ctx.mcpReq.signal, httpSignal];
    for (const s of signals) s.addEventListener('abort', onAbort, { once: true });
    try {
      await waitForRun(run.id);
    } finally {
      for (const s of signals) s.removeEventListener('abort', onAbort);
      stop();
    }
    const done = (await getStore().runs.get(run.id))!;
    const meta = { _meta: { 'switchyard/run_id': run.id, 'switchyard/status': done.status } };
    if (done.status === 'succeeded') {
      const structured = outputChannel(graph.document) ? { structuredContent: { output: done.output ?? null } } : {};
      return { content: [{ type: 'text', text: answerText(done.output) }], ...structured, ...meta };
    }
    const why = done.error ? `${done.error.code}: ${done.error.message}` : `the run ended ${done.status}`;
    return { ...errorResult(`Graph "${graph.name}" did not finish: ${why} (run ${run.id}).`), ...meta };
  });
  return server;
}

/** Answers one MCP request of either era (POST; GET and DELETE, 2025 session operations, are a 405: serving is stateless). */
export async function handleMcpRequest(req: Request, gate: McpRunGate): Promise<Response> {
  const handler = createMcpHandler(() => createServer(req.signal, gate));
  return handler.fetch(req);
}
