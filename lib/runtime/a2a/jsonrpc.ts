/**
 * The JSON-RPC endpoint of a graph's A2A agent (POST /api/a2a/<graph>): the SDK's transport
 * handlers parse, dispatch to the GraphAgent and shape results and errors; v1.0 method names
 * (SendMessage, SendStreamingMessage, GetTask, ListTasks, CancelTask, SubscribeToTask) go to the
 * v1.0 handler, the v0.3 names (message/send, message/stream, tasks/get, tasks/cancel,
 * tasks/resubscribe) to the SDK's v0.3 compatibility handler. Streams answer as SSE, one JSON-RPC
 * response per event, with keep-alive comments while the graph works; an error mid-stream is the
 * last event.
 */
import 'server-only';
import { A2A_VERSION_HEADER, formatSSEErrorEvent, formatSSEEvent, SSE_HEADERS } from '@a2a-js/sdk';
import { isLegacyJsonRpcMethod } from '@a2a-js/sdk/compat/v0_3';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { JsonRpcTransportHandler, ServerCallContext, validateVersion } from '@a2a-js/sdk/server';
import type { GraphRow } from '@/db/schema/graphs';
import { runtimeConfig } from '../config';
import { graphCard } from './agent-card';
import { asA2AError, GraphAgent, type GraphAgentOptions } from './graph-agent';

type RpcBody = Record<string, unknown>;

/** Answers one JSON-RPC request to the graph's agent. `origin`: the server's, for the card. */
export async function a2aJsonRpc(graph: GraphRow, body: RpcBody, headers: Headers, origin: string, opts: GraphAgentOptions = {}): Promise<Response> {
  const card = graphCard({ name: graph.name, description: graph.document.description }, origin);
  const agent = new GraphAgent(graph, card, opts);
  const legacy = isLegacyJsonRpcMethod(body.method);
  const mapError = legacy ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError : JsonRpcTransportHandler.mapToJSONRPCError;
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? body.id : null;
  const context = new ServerCallContext({ requestedVersion: headers.get(A2A_VERSION_HEADER) ?? (legacy ? '0.3' : undefined) });
  try {
    validateVersion(context.requestedVersion, card, 'JSONRPC');
  } catch (err) {
    return Response.json({ jsonrpc: '2.0', id, error: mapError(err) });
  }
  const handler = legacy ? new LegacyJsonRpcTransportHandler(agent) : new JsonRpcTransportHandler(agent);
  const result = await handler.handle(body, context);
  if (!isStream(result)) return Response.json(result, { headers: { 'cache-control': 'no-store' } });

  const encoder = new TextEncoder();
  let gone = false; // the client left: the run goes on (a disconnect is not a cancel)
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!gone) controller.enqueue(encoder.encode(text));
      };
      const keepalive = setInterval(() => write(': keep-alive\n\n'), runtimeConfig().sseHeartbeatMs);
      try {
        for await (const event of result) {
          if (gone) break;
          write(formatSSEEvent(event));
        }
      } catch (err) {
        write(formatSSEErrorEvent({ jsonrpc: '2.0', id, error: mapError(asA2AError(err)) }));
      } finally {
        clearInterval(keepalive);
      }
      if (!gone) controller.close();
    },
    cancel() {
      gone = true;
      void result.return?.(undefined);
    },
  });
  return new Response(stream, { headers: { ...SSE_HEADERS } });
}

function isStream<T>(r: T | AsyncGenerator<T, void, undefined>): r is AsyncGenerator<T, void, undefined> {
  return typeof (r as AsyncGenerator<T>)?.[Symbol.asyncIterator] === 'function';
}
