/**
 * POST /api/v1/chat/completions: runs the graph named by `model` over the conversation and answers
 * as a chat.completion, or as chat.completion.chunk events ending in `data: [DONE]` when streaming.
 * The stream sends the role chunk at once, then the answer's tokens as the model writes them
 * (answer-stream.ts picks them from the run's events), keep-alive comments while the graph works,
 * then whatever of the final answer was not streamed, the finish chunk, the usage chunk
 * (stream_options.include_usage). A failed run ends the stream with an OpenAI-shaped error event.
 */
import 'server-only';
import { listEvents } from '@/db/run-events';
import { getRun } from '@/db/runs';
import type { ChatCompletionRequest } from '@/lib/contracts/openai';
import { ConversationId } from '@/lib/contracts/runs';
import { runtimeConfig } from '../config';
import { subscribe } from '../event-bus';
import { startRun, waitForRun } from '../run-manager';
import { SSE_HEADERS } from '../run-event-stream';
import { AnswerStream, ending } from './answer-stream';
import { OpenAIApiError, openaiErrorBody } from './errors';
import { graphForModel } from './graph-ref';
import { runInputFromMessages } from './messages';
import { runReply, type RunReply } from './run-reply';

const CONTENT_CHUNK_CHARS = 64;

interface Meta {
  id: string;
  created: number;
  model: string;
}

function completion(meta: Meta, reply: RunReply) {
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    system_fingerprint: null,
    choices: [{ index: 0, message: { role: 'assistant', content: reply.text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
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

export async function chatCompletion(body: ChatCompletionRequest, requestHeaders?: Headers): Promise<Response> {
  const graph = graphForModel(body.model);
  const { input, history } = runInputFromMessages(body.messages);
  // inputs.messages replaces the initial [user input] of state.messages: the whole conversation.
  const messages = [...history, { role: 'user' as const, content: input }];
  const conversationId = conversationOf(body, requestHeaders);
  const run = startRun(graph.id, { input, inputs: history.length ? { messages } : undefined, source: 'openai', conversationId });
  const meta: Meta = { id: `chatcmpl-${run.id}`, created: Math.floor(run.createdAt.getTime() / 1000), model: graph.name };
  const headers = { 'x-switchyard-run-id': run.id };

  if (!body.stream) {
    await waitForRun(run.id);
    const reply = runReply(getRun(run.id)!);
    return Response.json(completion(meta, reply), { headers: { ...headers, 'cache-control': 'no-store' } });
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
      const answer = new AnswerStream(graph.document);
      // Subscribe first, then catch up on what the run recorded before (push skips seqs already seen).
      const unsubscribe = subscribe(run.id, (e) => content(answer.push(e)));
      for (const e of listEvents(run.id)) content(answer.push(e));
      try {
        await waitForRun(run.id);
        unsubscribe();
        const reply = runReply(getRun(run.id)!);
        content(ending(answer.streamed, reply.text));
        send(chunk(meta, {}, 'stop'));
        if (includeUsage) send({ ...chunk(meta, {}, null), choices: [], usage: reply.usage });
      } catch (err) {
        // OpenAI's streaming error form: the SDK raises it as an APIError.
        send(openaiErrorBody(err).body);
      } finally {
        unsubscribe();
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
