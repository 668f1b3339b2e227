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
import type { RunRow } from '@/db/runs';
import { getStore } from '@/db/store';
import type { GraphRow } from '@/db/schema/graphs';
import type { PendingToolCall } from '@/lib/contracts/trace';
import type { ChatCompletionRequest } from '@/lib/contracts/openai';
import { ConversationId } from '@/lib/contracts/runs';
import { runtimeConfig } from '../config';
import { subscribe } from '../event-bus';
import { resumeRun, startRun, waitForRun } from '../run-manager';
import { SSE_HEADERS } from '../run-event-stream';
import { AnswerStream, ending } from './answer-stream';
import { OpenAIApiError, openaiErrorBody } from './errors';
import { graphForModel } from './graph-ref';
import { outsideGraph } from '../published';
import { callerToolChoice, callerTools, documentWithCallerTools, keepCallerTools, pendingClientCalls, rememberHandedOut, restoreCallerTools, runOfToolResults } from './client-tools';
import { runInputFromMessages, trailingToolResults } from './messages';
import { openaiUsage, runReply, type RunReply } from './run-reply';

const CONTENT_CHUNK_CHARS = 64;

interface Meta {
  id: string;
  created: number;
  model: string;
}

/** How a run's turn ends for the caller: its answer, or the caller's tools to run. */
type Outcome = { reply: RunReply; calls: PendingToolCall[] };

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

/** The settled run's outcome; the client tool calls it paused on are remembered by id for the next request. */
async function outcomeOf(run: RunRow): Promise<Outcome> {
  const calls = await pendingClientCalls(run);
  if (calls.length) {
    await rememberHandedOut(run.id, calls);
    return { reply: { text: '', usage: openaiUsage(run) }, calls };
  }
  return { reply: await runReply(run), calls };
}

/** A new run over the conversation, offering the request's tools (if any) as client tools. */
async function beginRun(graph: GraphRow, body: ChatCompletionRequest, requestHeaders: Headers | undefined, apiKeyId: string | undefined): Promise<RunRow> {
  const { input, history } = runInputFromMessages(body.messages);
  // inputs.messages replaces the initial [user input] of state.messages: the whole conversation.
  const messages = [...history, { role: 'user' as const, content: input }];
  const conversationId = conversationOf(body, requestHeaders);
  const tools = callerTools(body);
  const choice = callerToolChoice(body, tools);
  const withTools = tools ? documentWithCallerTools(graph.document, tools) : undefined;
  const toolChoice = withTools && choice ? { node: withTools.node, choice } : undefined;
  const version = { version: graph.version, document: graph.document }; // the published version (outsideGraph)
  const run = await startRun(graph.id, { input, inputs: history.length ? { messages } : undefined, source: 'openai', conversationId, version, document: withTools?.doc, apiKeyId, toolChoice });
  if (tools && withTools) await keepCallerTools(run.id, withTools.node, tools, body.tool_choice ?? null);
  return run;
}

/** Resumes the run that handed out the calls these `role: tool` results answer. */
async function continueRun(graph: GraphRow, results: { tool_call_id: string; output: string }[]): Promise<RunRow> {
  const runId = await runOfToolResults(results.map((r) => r.tool_call_id));
  const run = await getStore().runs.get(runId);
  if (!run || run.graphId !== graph.id) {
    throw new OpenAIApiError('invalid_tool_call_id', `The tool results answer a run of another graph than \`${graph.name}\`.`, { param: 'messages' });
  }
  const pending = await pendingClientCalls(run);
  const missing = pending.filter((c) => !results.some((r) => r.tool_call_id === c.id));
  if (!pending.length || missing.length) {
    const why = pending.length ? `results for ${missing.map((c) => c.id).join(', ')} are missing` : 'it is not waiting for tool results';
    throw new OpenAIApiError('invalid_tool_call_id', `Run ${runId} cannot continue: ${why}.`, { param: 'messages' });
  }
  const tool_outputs = pending.map((c) => ({ tool_call_id: c.id, output: results.find((r) => r.tool_call_id === c.id)!.output }));
  return await resumeRun(runId, { action: 'answer', tool_outputs }, { document: await restoreCallerTools(runId) });
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
  const graph = await outsideGraph(await graphForModel(body.model, opts.workspaceId));
  const results = trailingToolResults(body.messages);
  // A continued run streams only what it does from here on (the caller has the rest).
  let after = 0;
  let run: RunRow;
  if (results.length) {
    const runId = await runOfToolResults(results.map((r) => r.tool_call_id));
    after = await getStore().events.lastSeq(runId);
    run = await continueRun(graph, results);
  } else run = await beginRun(graph, body, requestHeaders, opts.apiKeyId);
  const meta: Meta = { id: `chatcmpl-${run.id}`, created: Math.floor(run.createdAt.getTime() / 1000), model: graph.name };
  const headers = { 'x-switchyard-run-id': run.id };

  if (!body.stream) {
    await waitForRun(run.id);
    return Response.json(completion(meta, await outcomeOf((await getStore().runs.get(run.id))!)), { headers: { ...headers, 'cache-control': 'no-store' } });
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
      const unsubscribe = subscribe(run.id, (e) => {
        if (e.seq > after) content(answer.push(e));
      });
      await unsubscribe.ready; // queue mode: the Redis subscription is live before the backlog is read
      for (const e of await getStore().events.list(run.id, after)) content(answer.push(e));
      try {
        await waitForRun(run.id);
        unsubscribe();
        const { reply, calls } = await outcomeOf((await getStore().runs.get(run.id))!);
        if (calls.length) {
          calls.forEach((c, index) => send(chunk(meta, { tool_calls: [{ index, ...asToolCall(c) }] }, null)));
        } else content(ending(answer.streamed, reply.text));
        send(chunk(meta, {}, calls.length ? 'tool_calls' : 'stop'));
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
