/**
 * The trace contract: one event envelope everywhere (SSE, DB, export), the event types, run
 * statuses, interrupts, resume values, checkpoints, and one zod schema per event type for its
 * `data`. The engine emits these; the database, the API, the debug panel and the benches read them.
 * Browser-safe: zod only.
 *
 * `{ seq, run_id, ts, type, step, node?, span_id, parent_span_id?, data }`
 * LLM events name their fields after OpenTelemetry `gen_ai.*` attributes.
 */
import { z } from 'zod';

export * from './trace-names';
import { TRACE_EVENT_TYPES, type TraceEvent, type TraceEventType } from './trace-names';

/** The envelope as the API sends it (GET /api/runs/:id); `data` is checked per type by eventData. */
export const TraceEventSchema = z.object({
  seq: z.number().int(),
  run_id: z.string(),
  ts: z.string(),
  type: z.enum(TRACE_EVENT_TYPES),
  step: z.number(),
  node: z.string().optional(),
  span_id: z.string(),
  parent_span_id: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<TraceEvent>;

// ------------------------------------------------------------------ pause, resume, checkpoint

/** A tool call a paused run waits on (kind 'tool'): the call's id, tool name and JSON arguments. */
export interface PendingToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Why a run paused: a human node, a breakpoint, or (kind 'tool') tool calls someone outside the
 * run answers: a `human` tool's question (`answered_by: 'human'`, the question in `prompt`) or the
 * API caller's client tools (`answered_by: 'client'`).
 */
export interface Interrupt {
  kind: 'human' | 'breakpoint' | 'tool';
  node: string;
  prompt?: string;
  /** What is shown to the person for review. */
  value?: unknown;
  human_kind?: 'approval' | 'input';
  tool_calls?: PendingToolCall[];
  answered_by?: 'human' | 'client';
}

/**
 * Channels set as-is (overwriting, no reducer) before a paused run goes on: the state edited at a
 * breakpoint or human step. Checked against the graph's state channels (lib/graph/state-check.ts);
 * recorded as a `state.updated` event with a `reason`.
 */
export type StatePatch = Record<string, unknown>;

/** How a paused run is continued. */
export type ResumeValue =
  | { action: 'approve'; state?: StatePatch }
  | { action: 'reject'; reason?: string }
  | { action: 'edit'; value: unknown }
  | { action: 'continue'; state?: StatePatch }
  | { action: 'step'; state?: StatePatch }
  /** Answers a 'tool' pause: `value` for a human tool's question, `tool_outputs` per call id for client tools. */
  | { action: 'answer'; value?: string; tool_outputs?: { tool_call_id: string; output: string }[] };

/** A snapshot written after every step; enough to resume the run from there. */
export interface Checkpoint {
  step: number;
  state: Record<string, unknown>;
  /** Nodes to run in the next step. */
  next: string[];
  /** Set when the run is paused (human node or breakpoint). */
  interrupt?: Interrupt;
  /** Counters the scheduler needs after a resume (e.g. join bookkeeping). */
  extra?: Record<string, unknown>;
}

// ------------------------------------------------------------------ event data

/**
 * Fields the engine always writes are required; fields some events (or older recorded runs) lack
 * are optional. Every object is loose: a field added later passes through untouched.
 */
const ErrorData = z.looseObject({ code: z.string(), message: z.string() });
/** The run's usage so far: tokens, and (cost) the USD of its priced model calls and how many calls it made. */
const UsageData = z.looseObject({ input_tokens: z.number(), output_tokens: z.number(), cost_usd: z.number().optional(), model_calls: z.number().optional() });
const AnyRecord = z.record(z.string(), z.unknown());

export const InterruptData = z.looseObject({
  kind: z.enum(['human', 'breakpoint', 'tool']),
  node: z.string(),
  prompt: z.string().optional(),
  value: z.unknown().optional(),
  human_kind: z.enum(['approval', 'input']).optional(),
  tool_calls: z.array(z.looseObject({ id: z.string(), name: z.string(), arguments: z.string() })).optional(),
  answered_by: z.enum(['human', 'client']).optional(),
});

/** react's reading of a reply (llm.response `parsed`). */
export const ReactParsedData = z.looseObject({
  thought: z.string().optional(),
  action: z.string().optional(),
  action_input: z.string().optional(),
  final_answer: z.string().optional(),
  error: z.string().optional(),
});

/** One message as sent to the model (the OpenAI chat shape). */
export const MessageData = z.looseObject({
  role: z.string(),
  content: z.unknown(),
  name: z.string().optional(),
  tool_calls: z.unknown().optional(),
  tool_call_id: z.string().optional(),
});

/** One tool offered to the model (the OpenAI function-tool shape). */
export const ToolOfferData = z.looseObject({ function: z.looseObject({ name: z.string() }) });

/** One entity of entity memory. */
export const MemoryEntityData = z.looseObject({ name: z.string(), kind: z.string(), summary: z.string() });

/** A page a web_retriever read: `hit` from the page cache; `miss` / `expired` fetched and cached; `off` fetched, no cache. */
export const ToolPageData = z.looseObject({ url: z.string(), cache: z.enum(['hit', 'miss', 'expired', 'off']), chunks: z.number().optional(), error: z.string().optional() });

export const ToolSamplingData = z.looseObject({
  top_p: z.number(),
  scorer: z.string(),
  kept: z.number(),
  documents: z.array(z.looseObject({ index: z.number(), score: z.number(), probability: z.number(), kept: z.boolean() })),
});

export const ToolReflectionData = z.looseObject({
  aligned: z.boolean().nullable(),
  reruns: z.number(),
  attempts: z.array(z.looseObject({ input: z.unknown(), aligned: z.boolean().optional(), reason: z.string().optional(), error: z.string().optional() })),
});

export const TRACE_DATA = {
  /** `derived_from`: a fork or replay (time travel) names the run, its origin and the step it starts from. */
  'run.started': z.looseObject({
    input: z.string(),
    graph: z.string().optional(),
    inputs: AnyRecord.optional(),
    derived_from: z.looseObject({ run_id: z.string(), origin: z.enum(['fork', 'replay']), step: z.number().optional() }).optional(),
  }),
  /** `task` and `caller` when the node runs as a worker / agent tool of another node. */
  'node.started': z.looseObject({ role: z.string(), strategy: z.string().optional(), task: z.string().optional(), caller: z.string().optional() }),
  'llm.request': z.looseObject({
    'gen_ai.system': z.string().optional(),
    'gen_ai.request.model': z.string(),
    connection: z.string(),
    /** Why the call was made when it is not the node's own reply: `reflection` (a tool's self-reflection judgement). */
    purpose: z.string().optional(),
    /**
     * The messages sent, as far as this event stores them (lib/contracts/llm-prompt.ts resolves the
     * whole prompt): with `messages_ref: { seq, count }` the prompt is the first `count` messages of
     * the prompt of llm.request event `seq` (the node's previous call in this run), then `messages`.
     * `messages_from: k` (runs recorded before messages_ref): the first k messages of the previous
     * llm.request of the same node span, then `messages`.
     */
    messages: z.array(MessageData),
    messages_ref: z.looseObject({ seq: z.number().int().min(1), count: z.number().int().min(1) }).optional(),
    messages_from: z.number().int().optional(),
    tools: z.array(ToolOfferData).optional(),
    stop: z.array(z.string()).optional(),
    /** Structured output: `{ type: 'json_schema', json_schema: { name, schema, strict? } }` (a node's output_schema). */
    response_format: z.looseObject({ type: z.string(), json_schema: z.looseObject({ name: z.string(), schema: AnyRecord, strict: z.boolean().optional() }) }).optional(),
    temperature: z.number().optional(),
    /**
     * How the call was adapted to the connection's `supports`: `tools: 'text'` when the tools went
     * into the prompt as a JSON action protocol (no native tools); `stop: 'client'` when the stop
     * words are applied by reading the stream, not sent to the server.
     */
    adapted: z.looseObject({ tools: z.literal('text').optional(), stop: z.literal('client').optional(), note: z.string().optional() }).optional(),
  }),
  /**
   * Opens a node's memory span (child of its span; memory model calls and `memory.write` hang under
   * it): the conversation's `turns`, the `kept_turns` that go verbatim into the prompt, and the
   * memory loaded for it (summary of the oldest `summarized_turns`, entities); `stored` when the run
   * belongs to a conversation (memory is kept), else it is computed from the history and not kept.
   */
  'memory.read': z.looseObject({
    turns: z.number(),
    kept_turns: z.number(),
    stored: z.boolean(),
    summary: z.string().optional(),
    summarized_turns: z.number().optional(),
    entities: z.array(MemoryEntityData).optional(),
  }),
  /**
   * On the memory span: a summary or entity update over turns [from, to), after its model call.
   * `error` when the call or its reply failed: the node goes on with the memory it had (nothing written).
   */
  'memory.write': z.looseObject({
    kind: z.enum(['summary', 'entities']),
    from: z.number(),
    to: z.number(),
    stored: z.boolean(),
    summary: z.string().optional(),
    entities: z.array(MemoryEntityData).optional(),
    error: z.string().optional(),
  }),
  /** `answer: true` marks text that is (part of) the node's answer, as the executor judged it. */
  'llm.delta': z.looseObject({ text: z.string(), answer: z.literal(true).optional() }),
  'llm.response': z.looseObject({
    'gen_ai.response.model': z.string().optional(),
    purpose: z.string().optional(),
    content: z.string().nullable(),
    tool_calls: z.array(z.unknown()).optional(),
    finish_reason: z.string().nullable().optional(),
    'gen_ai.usage.input_tokens': z.number().optional(),
    'gen_ai.usage.output_tokens': z.number().optional(),
    latency_ms: z.number().optional(),
    /** USD of the call at the connection's price for the model (absent: no known price; 0 for a recorded call of a replay). */
    cost_usd: z.number().optional(),
    parsed: ReactParsedData.optional(),
    /** The result was recorded by an earlier attempt of the node and replayed, not requested again. */
    replayed: z.boolean().optional(),
    /** In a replay (time travel): `recorded` = the replayed run's result for the same node and request; `live` = the model was called. */
    recording: z.enum(['recorded', 'live']).optional(),
  }),
  'llm.retry': z.looseObject({ attempt: z.number(), wait_ms: z.number(), reason: z.string() }),
  /** `type` is the tool's kind (http, calculator, agent, worker, unknown...). */
  'tool.call': z.looseObject({
    tool: z.string(),
    type: z.string(),
    args: z.unknown(),
    tool_call_id: z.string().optional(),
    action_input: z.string().optional(),
  }),
  /** An update of a long tool call as it runs (an a2a tool's remote task: its `state`, status `text`, or answer `artifact` text), on the call's span. */
  'tool.progress': z.looseObject({
    tool: z.string(),
    state: z.string().optional(),
    text: z.string().optional(),
    artifact: z.string().optional(),
  }),
  'tool.result': z.looseObject({
    tool: z.string(),
    output: z.string(),
    error: z.string().optional(),
    truncated: z.boolean().optional(),
    original_bytes: z.number().optional(),
    latency_ms: z.number().optional(),
    /** The result was recorded by an earlier attempt of the node and replayed; the tool was not called again. */
    replayed: z.boolean().optional(),
    /** In a replay (time travel): `recorded` = the replayed run's result for the same node, tool and args; `live` = the tool ran. */
    recording: z.enum(['recorded', 'live']).optional(),
    /** web_retriever (documents mode): each page read and whether the page cache answered (`cache: 'hit'`). */
    pages: z.array(ToolPageData).optional(),
    cache_hits: z.number().optional(),
    /** Top-p sampling: every document's score and probability and whether it was kept. */
    sampling: ToolSamplingData.optional(),
    /** Self-reflection: each judged input with its verdict; `aligned` of the output returned (null: not judged). */
    reflection: ToolReflectionData.optional(),
  }),
  /**
   * One guard check's verdict (lib/engine/guards): `scope` node (on the node's span) or graph (the
   * run's input / answer, on the run span); `stage` input or output; `verdict` pass, redact (PII
   * masked, the run goes on), flag (recorded; `guard.failed` in edge conditions), block (the step
   * ends) or error (the check could not run: it fails closed, like a block). `matches`: what matched,
   * masked (never the matched text); `scores`: moderation categories or the judge's score.
   */
  'guard.verdict': z.looseObject({
    scope: z.enum(['node', 'graph']),
    stage: z.enum(['input', 'output']),
    check: z.string(),
    index: z.number().int(),
    verdict: z.enum(['pass', 'redact', 'flag', 'block', 'error']),
    reason: z.string().optional(),
    matches: z.array(z.looseObject({ kind: z.string(), masked: z.string() })).optional(),
    scores: z.record(z.string(), z.number()).optional(),
    prompt_version: z.string().optional(),
    error: z.string().optional(),
  }),
  /**
   * A structured-output node's reply checked against its `output_schema`: `mode` response_format
   * (sent as json_schema) or instructed (asked for in the prompt); `attempt` 1, or 2 for the repair
   * retry; `errors` what did not match (absent when valid).
   */
  'output.validated': z.looseObject({
    mode: z.enum(['response_format', 'instructed']),
    attempt: z.number().int(),
    valid: z.boolean(),
    errors: z.array(z.string()).optional(),
  }),
  'edge.taken': z.looseObject({
    from: z.string(),
    to: z.string(),
    condition: z.string().optional(),
    value: z.unknown().optional(),
    branch_index: z.number().optional(),
    label: z.string().optional(),
    reason: z.string().optional(),
    implicit: z.boolean().optional(),
  }),
  /**
   * What a node's writes (or a person's edit at a pause: `reason`) changed, not copies of the state
   * (lib/contracts/state-delta.ts): `appended` holds the items added to an append channel and the
   * index they start at, `set` the new value of any other changed channel. Runs recorded before
   * deltas carry `before` / `after` (the changed channels' values) instead; deltaOf reads both.
   */
  'state.updated': z.looseObject({
    changed: z.array(z.string()),
    set: AnyRecord.optional(),
    appended: z.record(z.string(), z.looseObject({ from: z.number().int().min(0), items: z.array(z.unknown()) })).optional(),
    reason: z.string().optional(),
    before: AnyRecord.optional(),
    after: AnyRecord.optional(),
  }),
  'run.interrupted': InterruptData,
  /**
   * Run level: `{ from_step, next, action?, node?, edited? }`; on a human node's span: the person's
   * decision (the ResumeValue: `action`, `reason` of a reject, `value` of an edit) and `edited`.
   * `edited`: the channels the person set before the run went on (ResumeValue `state`).
   */
  'run.resumed': z.looseObject({
    from_step: z.number().optional(),
    next: z.array(z.string()).optional(),
    action: z.string().optional(),
    node: z.string().optional(),
    reason: z.string().optional(),
    value: z.unknown().optional(),
    edited: z.array(z.string()).optional(),
  }),
  'node.finished': z.looseObject({
    status: z.enum(['succeeded', 'failed', 'skipped']),
    output: z.unknown().optional(),
    error: ErrorData.optional(),
    latency_ms: z.number().optional(),
    /** The node's own model calls (tokens, cost): absent when it made none. */
    usage: UsageData.optional(),
  }),
  /** `status: 'rejected'` (with `rejected`: the human node and the reason) when a rejection ended the run; else it succeeded. */
  'run.finished': z.looseObject({
    output: z.unknown(),
    state: AnyRecord.optional(),
    usage: UsageData.optional(),
    status: z.literal('rejected').optional(),
    rejected: z.looseObject({ node: z.string(), reason: z.string().optional() }).optional(),
    /** Where the answer came from when no node wrote a message (e.g. the last node's channel), or why there is none. */
    answer_note: z.string().optional(),
  }),
  'run.failed': z.looseObject({ error: ErrorData, usage: UsageData.optional() }),
  'run.cancelled': z.looseObject({ usage: UsageData.optional() }),
} satisfies Record<TraceEventType, z.ZodType>;

export type TraceData<T extends TraceEventType> = z.output<(typeof TRACE_DATA)[T]>;

/** A shape without the open `[key: string]: unknown` of loose objects, at every depth. */
type Closed<T> = T extends readonly (infer U)[] ? Closed<U>[] : T extends object ? { [K in keyof T as string extends K ? never : K]: Closed<T[K]> } : T;

/**
 * What an emitter writes for `type` (RunScope.emit): the contract's fields, closed, so a missing,
 * misspelled or mistyped field fails to compile. Readers get the open TraceData (older or newer
 * recordings may carry more).
 */
export type TraceEmitData<T extends TraceEventType> = Closed<TraceData<T>>;

const parsedData = new WeakMap<object, unknown>();

/**
 * The typed `data` of an event of type `type`, or undefined when the event is of another type or
 * its data does not have the contract's shape (never throws; parsed once per event object).
 */
export function eventData<T extends TraceEventType>(ev: Pick<TraceEvent, 'type' | 'data'> | undefined, type: T): TraceData<T> | undefined {
  if (!ev || ev.type !== type) return undefined;
  if (parsedData.has(ev)) return parsedData.get(ev) as TraceData<T> | undefined;
  const r = TRACE_DATA[type].safeParse(ev.data);
  const out = r.success ? (r.data as TraceData<T>) : undefined;
  parsedData.set(ev, out);
  return out;
}
