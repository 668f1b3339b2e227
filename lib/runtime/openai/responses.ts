/**
 * POST /api/v1/responses (OpenAI's Responses API): runs the graph named by `model` on the input
 * items and answers as a `response` object, or as its server-sent events when streaming
 * (`response.created`, `response.in_progress`, the output items with their text deltas or function
 * call arguments, then `response.completed` / `.incomplete` / `.failed`), each with its
 * `sequence_number`. One response is one turn of a run (run-turn.ts, shared with chat completions):
 *
 * - the conversation given to the run is the chain of `previous_response_id` (each one's input and
 *   output items) or the items of `conversation` (conversations.ts; this turn's items join it), then
 *   this request's `instructions` (a system message) and input;
 * - function tools are client tools: when the entry agent calls one the response completes with
 *   `function_call` items; the next request's `function_call_output` items (with the chain or the
 *   whole history, as the Agents SDK sends it) continue the same run;
 * - a run paused at a human step answers `incomplete` (reason `human_input_required`); the next
 *   request with `previous_response_id` and one user message answers the step (approve, reject:
 *   reason, JSON or the value: assistants.ts resumeValueFromOutput) and the same run goes on;
 * - `temperature`, `top_p` and `max_output_tokens` go to every model call of the turn (sampling.ts);
 * - `background: true` answers at once (`queued`); GET /responses/{id} shows it settle and
 *   POST /responses/{id}/cancel cancels its run.
 * Stored responses (db/schema/responses.ts; not with `store: false`) serve GET, DELETE, `input_items`
 * and `previous_response_id`.
 */
import 'server-only';
import type { RunRow } from '@/db/runs';
import { getStore, type ResponseRow } from '@/db/store';
import type { GraphRow } from '@/db/schema/graphs';
import type { ChatCompletionRequest } from '@/lib/contracts/openai';
import type { ResponseCreateRequest } from '@/lib/contracts/openai-responses';
import type { PendingToolCall } from '@/lib/contracts/trace';
import { eventData } from '@/lib/contracts/trace';
import { runtimeConfig } from '../config';
import { cancelRun, waitForRun } from '../run-manager';
import { SSE_HEADERS } from '../run-event-stream';
import { OpenAIApiError, openaiErrorBody } from './errors';
import { graphForModel } from './graph-ref';
import { outsideGraph } from '../published';
import { conversationItems, keepTurnItems, page, storedConversation } from './conversations';
import { itemsToMessages, newItemId, normalizeInput, type Item } from './response-items';
import { resumeValueFromOutput } from './assistants';
import { answerPause, followTurn, outcomeOf, settleTurn, startTurn, type Outcome, type Turn } from './run-turn';

/** What a stored response echoes of its request, and where its turn starts in the run's events. */
interface Echo {
  model: string;
  instructions: string | null;
  metadata: Record<string, string>;
  tools: Record<string, unknown>[];
  tool_choice: unknown;
  parallel_tool_calls: boolean;
  temperature: number | null;
  top_p: number | null;
  max_output_tokens: number | null;
  previous_response_id: string | null;
  conversation: { id: string } | null;
  background: boolean;
  store: boolean;
  /** The run's last event seq before this turn (internal: not echoed). */
  after_seq: number;
}

type Status = 'queued' | 'in_progress' | 'completed' | 'incomplete' | 'failed' | 'cancelled';

interface Settled {
  status: Status;
  output: Item[];
  error: { code: string; message: string } | null;
  incomplete_details: { reason: string } | null;
  usage: ReturnType<typeof emptyUsage>;
}

const emptyUsage = () => ({ input_tokens: 0, input_tokens_details: { cached_tokens: 0 }, output_tokens: 0, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 0 });

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The Responses API's name of the output cap, for a 400 about it. */
const RESPONSES_PARAMS = { max_tokens: 'max_output_tokens' } as const;

/** The response object as OpenAI's clients read it. */
function responseObject(id: string, createdAt: Date, echo: Echo, s: Settled, completedAt: Date | null): Record<string, unknown> {
  const { after_seq: _after, ...shown } = echo;
  return {
    id,
    object: 'response',
    created_at: seconds(createdAt),
    status: s.status,
    completed_at: completedAt ? seconds(completedAt) : null,
    error: s.error,
    incomplete_details: s.incomplete_details,
    ...shown,
    output: s.output,
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    text: { format: { type: 'text' }, verbosity: 'medium' },
    top_logprobs: 0,
    truncation: 'disabled',
    usage: s.usage,
    user: null,
  };
}

/** Tokens of the model calls made in this turn (the run's events after `after`). */
async function turnUsage(runId: string, after: number): Promise<Settled['usage']> {
  const u = emptyUsage();
  for (const e of await getStore().events.list(runId, after)) {
    if (e.type !== 'llm.response') continue;
    const d = eventData(e, 'llm.response');
    u.input_tokens += d?.['gen_ai.usage.input_tokens'] ?? 0;
    u.output_tokens += d?.['gen_ai.usage.output_tokens'] ?? 0;
  }
  u.total_tokens = u.input_tokens + u.output_tokens;
  return u;
}

const messageItem = (id: string, text: string, status = 'completed'): Item => ({ id, type: 'message', role: 'assistant', status, content: [{ type: 'output_text', text, annotations: [] }] });
const callItem = (c: PendingToolCall, status = 'completed'): Item => ({ id: `fc_${c.id}`, type: 'function_call', status, call_id: c.id, name: c.name, arguments: c.arguments });

/** How the turn ended, as a response: its output items, status and why it is incomplete. */
async function settledOf(run: RunRow, outcome: Outcome | Error, text: string | undefined, messageId: string, after: number): Promise<Settled> {
  const usage = await turnUsage(run.id, after);
  if (outcome instanceof Error) {
    const cancelled = outcome instanceof OpenAIApiError && outcome.kind === 'run_cancelled';
    return { status: cancelled ? 'cancelled' : 'failed', output: [], error: cancelled ? null : { code: 'server_error', message: outcome.message }, incomplete_details: null, usage };
  }
  if (outcome.calls.length) {
    const output = text ? [messageItem(messageId, text)] : [];
    return { status: 'completed', output: [...output, ...outcome.calls.map((c) => callItem(c))], error: null, incomplete_details: null, usage };
  }
  const output = [messageItem(messageId, text ?? outcome.reply.text)];
  if (run.status === 'paused' || run.status === 'interrupted') {
    return { status: 'incomplete', output, error: null, incomplete_details: { reason: run.status === 'paused' ? 'human_input_required' : 'interrupted' }, usage };
  }
  return { status: 'completed', output, error: null, incomplete_details: null, usage };
}

/** The settled outcome of a run (an Error when it failed or was cancelled). */
async function outcomeOrError(settle: () => Promise<Outcome>): Promise<Outcome | Error> {
  try {
    return await settle();
  } catch (err) {
    if (err instanceof OpenAIApiError && (err.kind === 'run_failed' || err.kind === 'run_cancelled')) return err;
    throw err;
  }
}

/** The caller's function tools in chat completions' form (other tool types: a 400 naming the tool). */
function chatTools(body: ResponseCreateRequest): { tools: ChatCompletionRequest['tools']; tool_choice: ChatCompletionRequest['tool_choice']; echo: Record<string, unknown>[] } {
  const echo: Record<string, unknown>[] = [];
  const tools = (body.tools ?? []).map((t, i) => {
    if (t.type !== 'function') {
      throw new OpenAIApiError('tools_not_supported', `tools.${i}: only function tools are supported (a graph's own tools are set in the graph); got type "${t.type}".`, { param: `tools.${i}.type` });
    }
    const f = t as unknown as { name?: unknown; description?: string | null; parameters?: Record<string, unknown> | null; strict?: boolean | null };
    if (typeof f.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(f.name)) {
      throw new OpenAIApiError('bad_request', `tools.${i}.name must hold 1 to 64 letters, digits, _ and -.`, { param: `tools.${i}.name`, code: 'invalid_value' });
    }
    echo.push({ type: 'function', name: f.name, description: f.description ?? null, parameters: f.parameters ?? null, strict: f.strict ?? true });
    return { type: 'function' as const, function: { name: f.name, ...(f.description ? { description: f.description } : {}), ...(f.parameters ? { parameters: f.parameters } : {}) } };
  });
  const choice = body.tool_choice;
  let tool_choice: ChatCompletionRequest['tool_choice'];
  if (choice == null || typeof choice === 'string') tool_choice = choice;
  else if (choice.type === 'function' && choice.name) tool_choice = { type: 'function', function: { name: choice.name } };
  else throw new OpenAIApiError('invalid_tool_choice', `tool_choice of type "${choice.type}" is not supported: use "none", "auto", "required" or { "type": "function", "name": ... }.`, { param: 'tool_choice' });
  return { tools: tools.length ? tools : undefined, tool_choice, echo };
}

/** Request fields with no meaning for a graph run: refused with a 400 naming them rather than ignored. */
function refuseUnsupported(body: ResponseCreateRequest): void {
  const b = body as Record<string, unknown>;
  const format = (b.text as { format?: { type?: string } } | undefined)?.format?.type;
  if (format && format !== 'text') throw new OpenAIApiError('bad_request', `text.format "${format}" is not supported: a graph decides the shape of its answer.`, { param: 'text.format', code: 'unsupported_parameter' });
  const effort = (b.reasoning as { effort?: unknown } | null | undefined)?.effort;
  if (effort != null) throw new OpenAIApiError('bad_request', 'reasoning.effort is not supported: set reasoning on the graph\'s models.', { param: 'reasoning.effort', code: 'unsupported_parameter' });
  for (const name of ['prompt', 'top_logprobs'] as const) {
    if (b[name] != null && b[name] !== 0) throw new OpenAIApiError('bad_request', `${name} is not supported by Switchyard's Responses API.`, { param: name, code: 'unsupported_parameter' });
  }
  if (body.background && body.store === false) throw new OpenAIApiError('bad_request', 'background responses must be stored: drop store: false.', { param: 'store', code: 'invalid_value' });
  if (body.background && body.stream) throw new OpenAIApiError('bad_request', 'background and stream together are not supported: poll GET /v1/responses/{id}.', { param: 'stream', code: 'unsupported_parameter' });
  if (body.conversation && body.previous_response_id) {
    throw new OpenAIApiError('bad_request', 'Use either conversation or previous_response_id, not both.', { param: 'previous_response_id', code: 'invalid_value' });
  }
}

/** A stored response of the caller's workspace (404 in OpenAI's shape otherwise, naming `param`). */
export async function storedResponse(id: string, workspaceId: (ws: string) => boolean, param: string | null = null): Promise<ResponseRow> {
  const row = await getStore().responses.get(id);
  if (!row || !workspaceId(row.workspaceId)) throw new OpenAIApiError('not_found', `No response found with id '${id}'.`, { param, code: 'response_not_found' });
  return row;
}

/** The response object of a stored response: settled, or settled now when its run has ended (background, or a server that stopped mid-turn). */
export async function responseOf(row: ResponseRow): Promise<Record<string, unknown>> {
  if (row.response) return row.response;
  const echo = row.request as unknown as Echo;
  const run = await getStore().runs.get(row.runId);
  if (!run || run.status === 'queued' || run.status === 'running') {
    const status: Status = run?.status === 'running' ? 'in_progress' : 'queued';
    return responseObject(row.id, row.createdAt, echo, { status, output: [], error: null, incomplete_details: null, usage: emptyUsage() }, null);
  }
  const settled = await settledOf(run, await outcomeOrError(() => outcomeOf(run)), undefined, newItemId('msg'), echo.after_seq);
  const response = responseObject(row.id, row.createdAt, echo, settled, new Date());
  await getStore().responses.settle(row.id, response);
  return response;
}

/** The items before this request: the chain of previous responses (input and output of each), oldest first. */
async function historyOf(row: ResponseRow, depth = 0): Promise<Item[]> {
  if (depth > 1000) throw new OpenAIApiError('bad_request', 'The chain of previous responses is too long.', { param: 'previous_response_id' });
  const response = await responseOf(row);
  if (response.status === 'queued' || response.status === 'in_progress') {
    throw new OpenAIApiError('bad_request', `Previous response ${row.id} is still ${String(response.status)}: wait for it to finish.`, { param: 'previous_response_id', code: 'previous_response_not_settled' });
  }
  const before = row.previousResponseId ? await getStore().responses.get(row.previousResponseId) : undefined;
  return [...(before ? await historyOf(before, depth + 1) : []), ...(row.inputItems as Item[]), ...((response.output as Item[]) ?? [])];
}

/** The run a previous response left paused at a human step (`incomplete`, human_input_required), when it still waits. */
async function humanPauseOf(previous: ResponseRow): Promise<string | undefined> {
  const response = await responseOf(previous);
  if ((response.incomplete_details as { reason?: string } | null)?.reason !== 'human_input_required') return undefined;
  const run = await getStore().runs.get(previous.runId);
  if (run?.status !== 'paused') return undefined;
  const interrupt = (await getStore().checkpoints.latest(run.id))?.interrupt;
  return interrupt && interrupt.kind !== 'tool' ? run.id : undefined;
}

/** The answer to a human step: the input's one user message (approve, reject[: reason], JSON, or an edited value). */
function answerText(input: Item[]): string {
  const [item] = input;
  if (input.length !== 1 || item.type !== 'message' || item.role !== 'user') {
    throw new OpenAIApiError('bad_request', 'The previous response waits for a person: answer with one user message (approve, reject: reason, or the value).', { param: 'input', code: 'invalid_value' });
  }
  return ((item.content as { text: string }[]) ?? []).map((p) => p.text).join('\n');
}

function conversationIdOf(body: ResponseCreateRequest): string | undefined {
  const c = body.conversation;
  return c == null ? undefined : typeof c === 'string' ? c : c.id;
}

export interface CreateOptions {
  workspaceId: string;
  apiKeyId?: string;
}

/** POST /v1/responses. */
export async function createResponse(body: ResponseCreateRequest, opts: CreateOptions): Promise<Response> {
  refuseUnsupported(body);
  // The published version, else the newest (published.ts).
  const graph = await outsideGraph(await graphForModel(body.model, opts.workspaceId));
  const { tools, tool_choice, echo: toolsEcho } = chatTools(body);
  const input = normalizeInput(body.input);
  if (!input.length) throw new OpenAIApiError('bad_request', 'input is required: a string or a list of input items.', { param: 'input', code: 'missing_required_parameter' });
  const previous = body.previous_response_id ? await storedResponse(body.previous_response_id, (ws) => ws === opts.workspaceId, 'previous_response_id') : undefined;
  const askedConversation = conversationIdOf(body);
  const conversation = askedConversation ? await storedConversation(askedConversation, (ws) => ws === opts.workspaceId, 'conversation') : undefined;
  const conversationId = conversation?.id;
  const history = previous ? await historyOf(previous) : conversation ? await conversationItems(conversation) : [];
  const instructions = body.instructions ? [{ role: 'system' as const, content: body.instructions }] : [];
  const sampling = {
    ...(body.temperature != null ? { temperature: body.temperature } : {}),
    ...(body.top_p != null ? { top_p: body.top_p } : {}),
    ...(body.max_output_tokens != null ? { max_tokens: body.max_output_tokens } : {}),
  };
  const pause = previous ? await humanPauseOf(previous) : undefined;
  const turn = pause
    ? await answerPause(pause, resumeValueFromOutput(answerText(input)), sampling, RESPONSES_PARAMS)
    : await startTurn(graph, {
        messages: [...instructions, ...itemsToMessages([...history, ...input])],
        tools,
        tool_choice,
        conversationId,
        apiKeyId: opts.apiKeyId,
        sampling,
        samplingParams: RESPONSES_PARAMS,
        param: 'input',
      });
  const echo: Echo = {
    model: graph.name,
    instructions: body.instructions ?? null,
    metadata: body.metadata ?? {},
    tools: toolsEcho,
    tool_choice: body.tool_choice ?? 'auto',
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    temperature: body.temperature ?? null,
    top_p: body.top_p ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    previous_response_id: previous?.id ?? null,
    conversation: conversationId ? { id: conversationId } : null,
    background: body.background ?? false,
    store: body.store ?? true,
    after_seq: turn.after,
  };
  const id = newItemId('resp');
  const createdAt = new Date();
  const stored = echo.store;
  if (stored) {
    await getStore().responses.insert({
      id,
      workspaceId: opts.workspaceId,
      runId: turn.run.id,
      previousResponseId: echo.previous_response_id,
      conversationId: conversationId ?? null,
      request: echo as unknown as Record<string, unknown>,
      inputItems: input,
    });
  }
  const headers = { 'x-switchyard-run-id': turn.run.id };
  const finish = async (outcome: Outcome | Error, text: string | undefined, messageId: string) => {
    const run = (await getStore().runs.get(turn.run.id))!;
    const response = responseObject(id, createdAt, echo, await settledOf(run, outcome, text, messageId, turn.after), new Date());
    if (stored) await getStore().responses.settle(id, response);
    // The turn's items join the conversation (not those of a failed or cancelled turn).
    if (conversationId && (response.status === 'completed' || response.status === 'incomplete')) {
      await keepTurnItems(conversationId, run.id, [...input, ...(response.output as Item[])]);
    }
    return response;
  };

  if (echo.background) {
    void outcomeOrError(() => settleTurn(turn))
      .then((o) => finish(o, undefined, newItemId('msg')))
      .catch((err) => console.error(`[switchyard] background response ${id} could not be settled:`, err));
    const queued = responseObject(id, createdAt, echo, { status: 'queued', output: [], error: null, incomplete_details: null, usage: emptyUsage() }, null);
    return Response.json(queued, { headers: { ...headers, 'cache-control': 'no-store' } });
  }
  if (!body.stream) {
    return Response.json(await finish(await outcomeOrError(() => settleTurn(turn)), undefined, newItemId('msg')), { headers: { ...headers, 'cache-control': 'no-store' } });
  }
  return streamResponse(turn, graph, (status) => responseObject(id, createdAt, echo, { status, output: [], error: null, incomplete_details: null, usage: emptyUsage() }, null), finish, headers);
}

/** The response's server-sent events (OpenAI's `event:` + `data:` form, numbered by `sequence_number`). */
function streamResponse(
  turn: Turn,
  graph: GraphRow,
  initial: (status: Status) => Record<string, unknown>,
  finish: (outcome: Outcome | Error, text: string | undefined, messageId: string) => Promise<Record<string, unknown>>,
  headers: Record<string, string>,
): Response {
  const encoder = new TextEncoder();
  let gone = false; // the client left: the run goes on (a disconnect is not a cancel)
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let seq = 0;
      const write = (text: string) => {
        if (!gone) controller.enqueue(encoder.encode(text));
      };
      const send = (type: string, data: Record<string, unknown>) => write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...data })}\n\n`);
      const messageId = newItemId('msg');
      let text = '';
      let open = false;
      const part = () => ({ type: 'output_text', text, annotations: [] });
      const where = { item_id: messageId, output_index: 0, content_index: 0 };
      const openMessage = () => {
        if (open) return;
        open = true;
        send('response.output_item.added', { output_index: 0, item: { id: messageId, type: 'message', role: 'assistant', status: 'in_progress', content: [] } });
        send('response.content_part.added', { ...where, part: { type: 'output_text', text: '', annotations: [] } });
      };
      const onText = (piece: string) => {
        openMessage();
        text += piece;
        send('response.output_text.delta', { ...where, delta: piece, logprobs: [] });
      };
      const closeMessage = () => {
        send('response.output_text.done', { ...where, text, logprobs: [] });
        send('response.content_part.done', { ...where, part: part() });
        send('response.output_item.done', { output_index: 0, item: messageItem(messageId, text) });
      };
      send('response.created', { response: initial('in_progress') });
      send('response.in_progress', { response: initial('in_progress') });
      const keepalive = setInterval(() => write(': keep-alive\n\n'), runtimeConfig().sseHeartbeatMs);
      try {
        const outcome = await outcomeOrError(() => followTurn(turn, graph.document, onText));
        const calls = outcome instanceof Error ? [] : outcome.calls;
        if (!(outcome instanceof Error) && (open || !calls.length)) {
          openMessage();
          closeMessage();
        }
        const first = open ? 1 : 0;
        calls.forEach((c, k) => {
          const output_index = first + k;
          const item_id = `fc_${c.id}`;
          send('response.output_item.added', { output_index, item: { ...callItem(c, 'in_progress'), arguments: '' } });
          send('response.function_call_arguments.delta', { item_id, output_index, delta: c.arguments });
          send('response.function_call_arguments.done', { item_id, output_index, name: c.name, arguments: c.arguments });
          send('response.output_item.done', { output_index, item: callItem(c) });
        });
        const response = await finish(outcome, open ? text : undefined, messageId);
        const end = response.status === 'completed' ? 'response.completed' : response.status === 'incomplete' ? 'response.incomplete' : 'response.failed';
        send(end, { response });
      } catch (err) {
        // Not a failed run (that is response.failed) but a failure to answer: OpenAI's `error` event.
        const { error } = openaiErrorBody(err).body;
        send('error', { code: error.code, message: error.message, param: error.param });
      } finally {
        clearInterval(keepalive);
      }
      if (!gone) controller.close();
    },
    cancel() {
      gone = true;
    },
  });
  return new Response(stream, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}

/** POST /v1/responses/{id}/cancel: cancels a background response's run; answers the response. */
export async function cancelResponse(row: ResponseRow): Promise<Record<string, unknown>> {
  const echo = row.request as unknown as Echo;
  if (!echo.background) throw new OpenAIApiError('bad_request', 'Only responses created with background: true can be cancelled.', { param: null, code: 'invalid_request' });
  const run = await getStore().runs.get(row.runId);
  if (!row.response && run && (run.status === 'queued' || run.status === 'running' || run.status === 'paused')) {
    await cancelRun(row.runId);
    await waitForRun(row.runId);
  }
  return await responseOf((await getStore().responses.get(row.id)) ?? row);
}

/** GET /v1/responses/{id}/input_items: the request's input items, newest first by default (`order=asc` for oldest first). */
export function inputItemsPage(row: ResponseRow, url: URL): Record<string, unknown> {
  return page(row.inputItems as Item[], url, `response ${row.id}`);
}
