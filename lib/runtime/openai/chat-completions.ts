/**
 * POST /api/v1/chat/completions: runs the graph named by `model` over the conversation and answers
 * as a chat.completion, or as chat.completion.chunk events ending in `data: [DONE]` when streaming.
 * The stream sends the role chunk at once, then the answer's tokens as the model writes them
 * (answer-stream.ts picks them from the run's events), keep-alive comments while the graph works,
 * then whatever of the final answer was not streamed, the finish chunk, the usage chunk
 * (stream_options.include_usage). A failed run ends the stream with an OpenAI-shaped error event.
 *
 * Client tools (client-tools.ts): the request's `tools` join the entry agent's tools; when the agent
 * calls one, the run pauses and the reply ends with `finish_reason: "tool_calls"` and the calls
 * (`message.tool_calls`, or `delta.tool_calls` chunks). A request whose messages end with `role: tool`
 * results resumes that run with them and answers from where it went on. `tool_choice` `required` or a
 * named function goes with the entry agent's first model call; `none` offers none of the request's tools.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ChatCompletionRequest } from '@/lib/contracts/openai';
import type { PendingToolCall } from '@/lib/contracts/trace';
import { ConversationId } from '@/lib/contracts/runs';
import { runtimeConfig } from '../config';
import { SSE_HEADERS } from '../run-event-stream';
import { OpenAIApiError, openaiErrorBody } from './errors';
import { graphForModel } from './graph-ref';
import { outsideGraph } from '../published';
import { followTurn, settleTurn, startTurn, type Outcome } from './run-turn';
import { chatParamNames, samplingOf } from './sampling';

const CONTENT_CHUNK_CHARS = 64;

interface Meta {
  id: string;
  created: number;
  model: string;
}

const asToolCall = (c: PendingToolCall) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } });

function completion(meta: Meta, { reply, calls }: Outcome) {
  const message = calls.length
    ? { role: 'assistant', content: null, refusal: null, tool_calls: calls.map(asToolCall) }
    : { role: 'assistant', content: reply.text, refusal: null };
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    system_fingerprint: null,
    choices: [{ index: 0, message, logprobs: null, finish_reason: calls.length ? 'tool_calls' : 'stop' }],
    usage: reply.usage,
  };
}

function chunk(meta: Meta, delta: Record<string, unknown>, finish: string | null) {
  return {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  };
}

/** Splits text in pieces of about `size` characters without cutting a surrogate pair. */
export function splitText(text: string, size = CONTENT_CHUNK_CHARS): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/**
 * The conversation a chat completion belongs to: the `X-Conversation-Id` header (refused when
 * malformed), else the request's `user` when it fits a conversation id. Without one the request is
 * stateless: its messages are the whole history and node memory is not kept.
 */
function conversationOf(body: ChatCompletionRequest, headers: Headers | undefined): string | undefined {
  const header = headers?.get('x-conversation-id');
  if (header != null) {
    if (!ConversationId.safeParse(header).success) {
      throw new OpenAIApiError('invalid_conversation_id', 'X-Conversation-Id must be 1 to 200 printable characters without spaces.');
    }
    return header;
  }
  return ConversationId.safeParse(body.user).success ? (body.user as string) : undefined;
}

/** `workspaceId`: where `model` is looked up; `apiKeyId`: the API key the caller used (a new run counts toward its monthly budget). */
export async function chatCompletion(body: ChatCompletionRequest, requestHeaders: Headers | undefined, opts: { workspaceId: string; apiKeyId?: string }): Promise<Response> {
  // The published version, else the newest (published.ts).
  const graph = await outsideGraph(await graphForModel(body.model, opts.workspaceId));
  const turn = await startTurn(graph, {
    messages: body.messages,
    tools: body.tools,
    tool_choice: body.tool_choice,
    conversationId: conversationOf(body, requestHeaders),
    apiKeyId: opts.apiKeyId,
    // The request's temperature, top_p and max tokens on the graph's models that leave them open (sampling.ts).
    sampling: samplingOf(body),
    samplingParams: chatParamNames(body),
    param: 'messages',
  });
  const { run } = turn;
  // A new id per completion (both legs of a client-tool round trip differ); the run is named by x-switchyard-run-id.
  const meta: Meta = { id: `chatcmpl-${randomUUID().replace(/-/g, '')}`, created: Math.floor(Date.now() / 1000), model: graph.name };
  const headers = { 'x-switchyard-run-id': run.id };

  if (!body.stream) {
    return Response.json(completion(meta, await settleTurn(turn)), { headers: { ...headers, 'cache-control': 'no-store' } });
  }

  const includeUsage = body.stream_options?.include_usage === true;
  const encoder = new TextEncoder();
  let gone = false; // the client left: the run goes on (a disconnect is not a cancel)
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!gone) controller.enqueue(encoder.encode(text));
      };
      const send = (data: unknown) => write(`data: ${JSON.stringify(data)}\n\n`);
      const content = (text: string) => {
        for (const piece of splitText(text)) send(chunk(meta, { content: piece }, null));
      };
      send(chunk(meta, { role: 'assistant', content: '' }, null));
      const keepalive = setInterval(() => write(': keep-alive\n\n'), runtimeConfig().sseHeartbeatMs);
      try {
        const { reply, calls } = await followTurn(turn, graph.document, content);
        if (calls.length) {
          calls.forEach((c, index) => send(chunk(meta, { tool_calls: [{ index, ...asToolCall(c) }] }, null)));
        }
        send(chunk(meta, {}, calls.length ? 'tool_calls' : 'stop'));
        if (includeUsage) send({ ...chunk(meta, {}, null), choices: [], usage: reply.usage });
      } catch (err) {
        // OpenAI's streaming error form: the SDK raises it as an APIError.
        send(openaiErrorBody(err).body);
      } finally {
        clearInterval(keepalive);
      }
      write('data: [DONE]\n\n');
      if (!gone) controller.close();
    },
    cancel() {
      gone = true;
    },
  });
  return new Response(stream, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}
