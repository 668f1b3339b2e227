/**
 * One model call with its trace: llm.request (the exact messages sent), llm.delta (marked
 * `answer: true` where the executor says the text is its answer), llm.retry,
 * llm.response (gen_ai.* names, usage, latency, plus what the caller parsed out of it).
 * Model resolution: node.model (default "default") -> doc.models[name].
 */
import { DEFAULTS } from '../graph/defaults';
import type { ModelSpec } from '../graph/schema';
import { nextAttemptKey } from './attempt-keys';
import { isChatResult, llmRequest, recall, record, reuse, reuseMark } from './journal';
import { EngineError } from './errors';
import { addCall, callCost, checkCallBudget } from './budget';
import type { ChatMessage, ChatRequest, ChatResult, ModelSupports, ToolDefinition } from './ports';
import { emitFrom, type ExecContext } from './scope';
import { parseToolReply, textProtocolMarker, toTextProtocol } from './executors/tool-text-protocol';
import { hasOutputGuards } from './guards/spec';

/** The model a node's call runs on: `override` (a guard's judge), else the node's `model`, else `default`. */
export function resolveModel(ctx: ExecContext, override?: string): ModelSpec & { name: string } {
  const name = override || ('model' in ctx.node && ctx.node.model) || DEFAULTS.model;
  const models = ctx.scope.doc.models ?? {};
  if (!Object.hasOwn(models, name)) {
    const known = Object.keys(models);
    throw new EngineError(
      'unknown_model',
      `Node "${ctx.nodeId}" uses model "${name}", which is not defined under models (defined: ${known.length ? known.join(', ') : 'none'})`,
    );
  }
  return { name, ...models[name] };
}

export interface ChatCall {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  stop?: string[];
  /** Passed to the server with the tools (`required` or one named function). */
  tool_choice?: ChatRequest['tool_choice'];
  /** Extra fields for llm.response (e.g. react's parsed Thought/Action). */
  describe?: (result: ChatResult) => Record<string, unknown>;
  /** Which streamed text is the node's answer (llm.delta `answer: true`); none is, without it. */
  answer?: AnswerMarker;
  /** Why the call is made, when not for the node's own reply (e.g. `reflection`): on llm.request and llm.response. */
  purpose?: string;
  /** An entry of `models` to call instead of the node's model (a guard's judge). */
  model?: string;
  /** Structured output: sent as is (the caller checked that the connection supports it: structured.ts). */
  response_format?: ChatRequest['response_format'];
}

/** One streamed piece of a model call's text, and whether it is (part of) the node's answer. */
export interface DeltaPiece {
  text: string;
  answer: boolean;
}

/** Splits each streamed chunk of one model call into answer and non-answer pieces (stateful: one per call). */
export type AnswerMarker = (chunk: string) => DeltaPiece[];

/** For calls whose whole text is the answer (tool_calling agents, supervisors). */
export const wholeAnswer: AnswerMarker = (text) => [{ text, answer: true }];

function emitDelta(ctx: ExecContext, span: string, marker: AnswerMarker | undefined, chunk: string): void {
  for (const p of marker ? marker(chunk) : [{ text: chunk, answer: false }]) {
    if (p.text) emitFrom(ctx, 'llm.delta', p.answer ? { text: p.text, answer: true } : { text: p.text }, span);
  }
}

/**
 * The messages as sent and recorded, apart from the executor's (which it may go on changing):
 * each message copied, its nested values (tool calls, content parts) cloned. Strings are shared,
 * so a long conversation costs one small object per message, not a deep clone of it all.
 */
function copyMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((m) => {
    const copy = { ...m } as Record<string, unknown>;
    for (const [k, v] of Object.entries(copy)) if (typeof v === 'object' && v !== null) copy[k] = structuredClone(v);
    return copy as ChatMessage;
  });
}

export async function chat(ctx: ExecContext, call: ChatCall): Promise<ChatResult> {
  const { scope } = ctx;
  scope.checkAlive();
  const model = resolveModel(ctx, call.model);
  const span = scope.ports.newId();
  const supports: ModelSupports = (await scope.ports.model.supports?.(model.connection)) ?? {};
  // A server without native tools gets them through the text protocol (executors/tool-text-protocol.ts).
  const noTools = !!call.tools?.length && supports.tools === false;
  const adapted = adaptations(call, supports);
  const messages = noTools ? toTextProtocol(copyMessages(call.messages), call.tools!) : copyMessages(call.messages);
  const tools = noTools ? undefined : call.tools;
  // An answer that output guards check first is not streamed as the answer (guards/run.ts).
  const answerMarker = hasOutputGuards(ctx) ? undefined : call.answer;
  const marker = noTools ? textProtocolMarker(answerMarker) : answerMarker;
  emitFrom(
    ctx,
    'llm.request',
    {
      'gen_ai.system': 'openai',
      'gen_ai.request.model': model.model,
      connection: model.connection,
      ...(call.purpose ? { purpose: call.purpose } : {}),
      messages,
      ...(tools?.length ? { tools } : {}),
      ...(tools?.length && call.tool_choice ? { tool_choice: call.tool_choice } : {}),
      ...(call.stop?.length ? { stop: call.stop } : {}),
      ...(call.response_format ? { response_format: call.response_format } : {}),
      ...(Object.keys(adapted).length ? { adapted } : {}),
      ...(model.temperature !== undefined ? { temperature: model.temperature } : {}),
    },
    span,
  );
  // A call recorded by an earlier attempt of this node is recalled from the journal, not made again (journal.ts).
  const key = nextAttemptKey(ctx);
  const recalled = await recall(ctx, key, 'llm', isChatResult);
  // In a replay run, an unchanged request of this node reuses the source run's result (journal.ts).
  const request = llmRequest({ model: model.model, messages, tools: tools?.length ? tools : undefined, stop: call.stop, temperature: model.temperature });
  const reused = recalled ? undefined : await reuse(ctx, 'llm', request, isChatResult);
  const answered = recalled ?? reused;
  if (!answered) checkCallBudget(scope.doc.limits, scope.usage);
  if (answered?.message.content) emitDelta(ctx, span, marker, answered.message.content);
  const started = scope.ports.clock.now();
  const raw = answered ?? await scope.ports.model.chat({
    connection: model.connection,
    model: model.model,
    node: ctx.nodeId,
    messages,
    tools: tools?.length ? tools : undefined,
    ...(tools?.length && call.tool_choice ? { tool_choice: call.tool_choice } : {}),
    stop: call.stop,
    ...(call.response_format ? { response_format: call.response_format } : {}),
    temperature: model.temperature,
    top_p: model.top_p,
    max_tokens: model.max_tokens,
    signal: scope.signal,
    onDelta: (text) => emitDelta(ctx, span, marker, text),
    onRetry: (info) => emitFrom(ctx, 'llm.retry', { ...info }, span),
  });
  if (!recalled) {
    record(ctx, { key, kind: 'llm', request, result: raw, usage: raw.usage, started_at: started, latency_ms: reused ? 0 : scope.ports.clock.now() - started, ...(reused ? { reused: true } : {}) });
  }
  // The model's own reply is what is recorded; its tool calls are read out of it alike when it is recalled or reused.
  const result = noTools ? withTextToolCalls(raw, key) : raw;
  // A call reused from another run was not paid for by this run.
  const cost = reused ? 0 : callCost(scope.ports, model.connection, model.model, result);
  addCall(scope.usage, result.usage, cost);
  if (ctx.nodeUsage) addCall(ctx.nodeUsage, result.usage, cost);
  emitFrom(
    ctx,
    'llm.response',
    {
      'gen_ai.response.model': result.model,
      ...(call.purpose ? { purpose: call.purpose } : {}),
      content: result.message.content,
      ...(result.message.tool_calls?.length ? { tool_calls: result.message.tool_calls } : {}),
      finish_reason: result.finish_reason,
      'gen_ai.usage.input_tokens': result.usage.prompt_tokens,
      'gen_ai.usage.output_tokens': result.usage.completion_tokens,
      latency_ms: result.latency_ms,
      ...(cost !== undefined ? { cost_usd: cost } : {}),
      ...(call.describe ? call.describe(result) : {}),
      ...(recalled ? { replayed: true } : reuseMark(ctx, !!reused)),
    },
    span,
  );
  scope.checkAlive();
  return result;
}

/**
 * How this call is adapted to what the connection's server accepts (llm.request `adapted`): tools
 * as the text protocol, stop words applied by the model port, no usage chunk asked for.
 */
function adaptations(call: ChatCall, supports: ModelSupports): { tools?: 'text'; stop?: 'client'; stream_usage?: 'off' } {
  return {
    ...(call.tools?.length && supports.tools === false ? { tools: 'text' as const } : {}),
    ...(call.stop?.length && supports.stop === false ? { stop: 'client' as const } : {}),
    ...(supports.stream_usage === false ? { stream_usage: 'off' as const } : {}),
  };
}

function withTextToolCalls(result: ChatResult, key: string): ChatResult {
  const parsed = parseToolReply(result.message.content, `call_${key.replace(/[^A-Za-z0-9]+/g, '_')}`);
  if (!parsed.tool_calls.length) return result;
  return { ...result, message: { ...result.message, content: parsed.content, tool_calls: parsed.tool_calls }, finish_reason: 'tool_calls' };
}
