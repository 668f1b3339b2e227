/**
 * The engine's ports: every piece of I/O the engine does goes through one of these,
 * passed in by the caller (lib/runtime wires the real ones; tests pass fakes).
 */
import type { GraphDocument, ToolSpec } from '../graph/schema';
import type { ModelPrice } from '../graph/prices';
import type { Checkpoint, TraceEventInput } from '../contracts/trace';

// ------------------------------------------------------------ messages (OpenAI chat shape)

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; name?: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[]; name?: string }
  | { role: 'tool'; content: string; tool_call_id: string };

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

// ------------------------------------------------------------ model port

export interface ChatRequest {
  /** Connection name from the graph's model spec (`default` = env OPENAI_API_KEY/OPENAI_BASE_URL). */
  connection: string;
  model: string;
  /** The node making the call (graph tests script replies per node); never sent to the server. */
  node?: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  stop?: string[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  /** `required`, or one named function; absent: the server's default (auto). */
  tool_choice?: 'required' | { type: 'function'; function: { name: string } };
  /** Structured output (a node's `output_schema`), sent only to connections that support it (ModelSupports.json_schema). */
  response_format?: ResponseFormat;
  signal: AbortSignal;
  /** Called with each content delta as it streams in. */
  onDelta?: (text: string) => void;
  /** Called before each retry (429/5xx/connection error) with the wait chosen. */
  onRetry?: (info: { attempt: number; wait_ms: number; reason: string }) => void;
}

export interface ChatResult {
  message: Extract<ChatMessage, { role: 'assistant' }>;
  finish_reason: string | null;
  usage: TokenUsage;
  /** The model name the server reported. */
  model: string;
  latency_ms: number;
}

/** OpenAI's `response_format: { type: 'json_schema', json_schema }`. */
export interface ResponseFormat {
  type: 'json_schema';
  json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean };
}

/** What the server behind a connection accepts (absent fields: true). */
export interface ModelSupports {
  tools?: boolean;
  stop?: boolean;
  stream_usage?: boolean;
  /** `response_format: json_schema` (structured output); false: asked for in the prompt and validated. */
  json_schema?: boolean;
}

/** One text for the connection's /moderations (the `moderation` guard). */
export interface ModerationRequest {
  connection: string;
  /** The moderation model (absent: the server's default). */
  model?: string;
  input: string;
  signal: AbortSignal;
}

export interface ModerationResult {
  flagged: boolean;
  /** Category -> flagged, and category -> score (0..1), as the server reports them. */
  categories: Record<string, boolean>;
  scores: Record<string, number>;
}

export interface ModelPort {
  chat(req: ChatRequest): Promise<ChatResult>;
  /** What the connection's server accepts; absent (or undefined): everything. */
  supports?(connection: string): Promise<ModelSupports | undefined>;
  /** The connection's /moderations; absent: the `moderation` guard cannot run (it fails closed). */
  moderate?(req: ModerationRequest): Promise<ModerationResult>;
}

// ------------------------------------------------------------ tool port

export interface ToolResult {
  /** What goes back to the model (may be truncated for the model; see `truncated`). */
  output: string;
  truncated?: boolean;
  /** Full size in bytes of the original output, when truncated. */
  original_bytes?: number;
  /** Fields for the tool.result trace event (e.g. a retriever's pages and cache hits, a sampler's scores). */
  data?: Record<string, unknown>;
}

/** Runs the I/O tools (calculator, http, web_search, web_retriever, document_sampler). `agent` tools are run by the engine itself. */
export interface ToolPort {
  definition(name: string, spec: ToolSpec): ToolDefinition;
  /**
   * The functions of a tool that offers several (MULTI_FUNCTION_TOOLS: an `openapi` tool's operations,
   * an `mcp` server's tools), each named as the model calls it. Absent: such tools cannot be bound.
   */
  functions?(name: string, spec: ToolSpec, signal: AbortSignal): Promise<ToolDefinition[]>;
  /**
   * `activity` is the call's attempt key (lib/engine/attempt-keys.ts), the same on every attempt of
   * its node (its idempotency key); `fn` the function called, for a tool that offers several;
   * `progress` records an update of a long call (a remote agent's task) as a tool.progress event.
   */
  run(name: string, spec: ToolSpec, args: unknown, ctx: { signal: AbortSignal; activity?: string; fn?: string; progress?: (update: Record<string, unknown>) => void }): Promise<ToolResult>;
}

// ------------------------------------------------------------ call journal port

/** A model or tool call as reuse matches it: the node and the exact request. */
export interface CallRequest {
  kind: 'llm' | 'tool';
  node: string;
  /** Model calls: model, messages, tools, stop, temperature. Tool calls: tool name and args. */
  request: Record<string, unknown>;
}

/** One finished model or tool call, as the journal records it. */
export interface JournalEntry extends CallRequest {
  /** The call's attempt key (attempt-keys.ts): the same on every attempt of its node. */
  key: string;
  /** A model call's ChatResult; a tool call's ToolResult, with `error` when it failed. */
  result: unknown;
  /** The error the model was told (a failed tool call). */
  error?: string;
  /** A model call's token usage. */
  usage?: TokenUsage;
  /** Answered from another run's journal or a cassette (reuse), not made by this run. */
  reused?: boolean;
  /** Clock time the call started, and how long it took (ms). */
  started_at: number;
  latency_ms: number;
}

/** A call the journal holds for this run: its kind and result. */
export interface RecalledCall {
  kind: string;
  result: unknown;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * The run's call journal (lib/engine/journal.ts), the one record of finished model and tool calls.
 * - `recall`: the call this run recorded under an attempt key. A node run again (resumed after a
 *   pause, recovered after a crash) gets its earlier calls back from here instead of calling again.
 * - `reuse` (a replay run, a graph test's cassette): the result of a call with the same node and
 *   request in the source run, in order (the n-th identical call gets the n-th recorded one); absent:
 *   nothing is reused.
 * - `record`: a finished call; the runtime writes it with the step commit that records its events.
 * Absent: nothing is recorded, recalled or reused (every call is made).
 */
export interface JournalPort {
  recall(key: string): MaybePromise<RecalledCall | undefined>;
  reuse?(call: CallRequest): MaybePromise<unknown>;
  record(entry: JournalEntry): void;
}

// ------------------------------------------------------------ memory port

/** One entity of entity memory (seed 001): a name, its kind and what is known about it. */
export interface MemoryEntity {
  name: string;
  /** person, place, organization, product, event, other... */
  kind: string;
  summary: string;
}

/** What a node's `memory` keeps per conversation between runs. */
export interface MemoryRecord {
  /** The running summary of the conversation's oldest `summarized_turns` turns. */
  summary?: string;
  summarized_turns: number;
  entities: MemoryEntity[];
  /** Turn count at the last entity extraction. */
  entities_at_turn: number;
  /** Turns in the conversation when the record was last written. */
  turns: number;
}

/**
 * The memory of the run's conversation (an assistants thread, a `conversation_id`), per node.
 * Absent when the run belongs to no conversation: memory is then computed but not kept.
 */
export interface MemoryPort {
  load(node: string): Promise<MemoryRecord | undefined>;
  save(node: string, record: MemoryRecord): Promise<void>;
}

// ------------------------------------------------------------ graph loader, clock, persistence

export interface GraphLoader {
  /** Another saved graph, by name (for `subgraph` nodes). Throws if unknown. */
  load(name: string): Promise<GraphDocument>;
}

export interface Clock {
  now(): number;
}

// ------------------------------------------------------------ prices

/**
 * The price of a model on a connection (cost, lib/graph/prices.ts): null when unknown (the call's
 * cost is not counted). Absent: the shipped default prices.
 */
export interface PricePort {
  price(connection: string, model: string): ModelPrice | null;
}

export interface RunPorts {
  model: ModelPort;
  tools: ToolPort;
  graphs: GraphLoader;
  clock: Clock;
  /** Every trace event, in order; the sink assigns `seq` and persists/broadcasts. */
  emit(event: TraceEventInput): void;
  /** A step boundary: resolves once the checkpoint (and the step's events) are durable. */
  checkpoint(cp: Checkpoint): void | Promise<void>;
  /** Conversation memory; absent for a run without a conversation. */
  memory?: MemoryPort;
  /** The call journal (recall, reuse, record); absent: every call is made and nothing is recorded. */
  journal?: JournalPort;
  /** Model prices per connection (cost); absent: the shipped defaults. */
  prices?: PricePort;
  signal: AbortSignal;
  newId(): string;
}
