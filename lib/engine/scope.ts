/**
 * What a node executor sees: the run scope (document, ports, abort signal, usage, event sink)
 * and its own node context (id, span, the state at the start of the step, the task when it runs
 * as a worker, the resume value when it is being resumed).
 */
import type { GraphDocument, NodeSpec } from '../graph/schema';
import type { ResumeValue, TraceEmitData, TraceEventType } from '../contracts/trace';
import { EngineError } from './errors';
import type { ChatRequest, RunPorts } from './ports';
import type { State } from './state';
import type { GuardSummary } from './guards/summary';

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  /** USD of the priced model calls (cost); absent in checkpoints of older runs. */
  cost_usd?: number;
  /** Model calls made (recorded ones included). */
  model_calls?: number;
}

/** How a node ended: writes to state, its output (for edges and node.finished), an LLM router's pick. */
export interface NodeResult {
  update: Record<string, unknown>;
  overwrite?: Record<string, unknown>;
  output: unknown;
  route?: { label: string; reason: string };
  /** The node's guard verdicts as its conditional edges see them (`guard.failed`; guards/run.ts). */
  guard?: GuardSummary;
}

/** A `tool_choice` for the first model call of `node` in the run's first step (an API caller's, lib/runtime/openai). */
export interface FirstToolChoice {
  node: string;
  choice: NonNullable<ChatRequest['tool_choice']>;
}

export interface ChildCall {
  /** The node to run (a supervisor worker or the node behind an `agent` tool). */
  nodeId: string;
  task: string;
  /** The span the child's node span hangs under (the caller's tool.call span). */
  parentSpan: string;
  caller: ExecContext;
}

/**
 * The run's counters of its call journal (attempt-keys.ts), one object per run, shared by its
 * per-step scopes and its subgraphs. Everything but `parts` is of one step (`step`) and cleared
 * when the next begins: every attempt key starts with its step, so older entries are never read.
 */
export interface CallCounters {
  step: number;
  /** Attempt key of each tool.call span that runs a child node (children key off it). */
  spans: Map<string, string>;
  /** How many node runs each parent path has had. */
  runs: Map<string, number>;
  /** Key part of each node id met so far. */
  parts: Map<string, string>;
  /** Per node context: the key base of its calls and its next call's index. */
  nodes: Map<ExecContext, { base: string; next: number }>;
  /** Node contexts whose resume `value` has answered a human question (one per resume, human-tool.ts). */
  answered: Set<ExecContext>;
  /** Attempt keys of the step's calls recorded or recalled so far (what a pause's checkpoint points at). */
  keys: string[];
}

export interface RunScope {
  doc: GraphDocument;
  ports: RunPorts;
  /** Aborts on cancel and on timeout. */
  signal: AbortSignal;
  usage: Usage;
  /** Current superstep (for event envelopes). */
  step(): number;
  /** Emits one event (prefixing node ids for subgraph runs); `data` must have the contract's shape for `type`. */
  emit<T extends TraceEventType>(type: T, data: TraceEmitData<T>, at: { node?: string; span: string; parent?: string }): void;
  /** Throws when the run was cancelled, timed out or used up its token budget. */
  checkAlive(): void;
  /** Runs another node of the graph as a child (worker / agent tool); its output is returned. */
  runChild(call: ChildCall): Promise<NodeResult>;
  /** Runs another saved graph to completion, nested under `parentSpan`. */
  runSubgraph(doc: GraphDocument, input: string, parentSpan: string, caller: ExecContext): Promise<{ output: unknown; state: State }>;
  /** Nesting depth of subgraphs (0 = the top run). */
  graphDepth: number;
  /** The run's call counters (attempt keys). */
  calls: CallCounters;
  /** The API caller's `tool_choice` for one node's first model call of the run (RunOptions.toolChoice). */
  toolChoice?: FirstToolChoice;
  /**
   * The same run seen through another abort signal (one superstep's, chained to this scope's):
   * model and tool calls get that signal, and checkAlive also throws its reason once it aborts.
   */
  withSignal(signal: AbortSignal): RunScope;
}

export interface ExecContext {
  scope: RunScope;
  nodeId: string;
  node: NodeSpec;
  span: string;
  parentSpan?: string;
  /** State at the start of the step (do not mutate). */
  state: State;
  /** Set when the node runs as a worker / agent tool: its task replaces the conversation. */
  task?: string;
  resume?: ResumeValue;
  /** With `resume`: what the node left in its InterruptRequest when it paused (errors.ts). */
  continuation?: Record<string, unknown>;
  /** Nesting depth of worker calls (0 = a node run by the scheduler). */
  callDepth: number;
  /** State writes of worker calls made by this node (applied together with its own). */
  childWrites: Record<string, unknown>[];
  /** This node's own model calls (node.finished `usage`); copies of the context share it. */
  nodeUsage?: Usage;
}

/** Emits an event from inside a node (its own span by default). */
export function emitFrom<T extends TraceEventType>(
  ctx: ExecContext,
  type: T,
  data: TraceEmitData<T>,
  span: string = ctx.span,
  parent: string | undefined = span === ctx.span ? ctx.parentSpan : ctx.span,
): void {
  ctx.scope.emit(type, data, { node: ctx.nodeId, span, parent });
}

const MAX_CALL_DEPTH = 5;
export const MAX_GRAPH_DEPTH = 5;

export function assertCallDepth(ctx: ExecContext, what: string): void {
  if (ctx.callDepth + 1 > MAX_CALL_DEPTH) {
    throw new EngineError('call_depth', `Node "${ctx.nodeId}": ${what} would nest more than ${MAX_CALL_DEPTH} worker calls deep (a supervisor/agent-tool cycle?)`);
  }
}

/** After an abort, what a node failed of is the cancel/timeout itself, not the aborted call's error. */
export function abortCause(scope: RunScope, err: unknown): unknown {
  if (!scope.signal.aborted) return err;
  try {
    scope.checkAlive();
  } catch (cause) {
    return cause;
  }
  return err;
}
