/**
 * The trace's names without any schema library: the event types and envelope, run statuses, the
 * end-of-run events and terminal statuses, the run span id. trace.ts re-exports all of it with the
 * zod schemas; pages whose first load must stay small (the editor's run store) import this file.
 */
export const TRACE_EVENT_TYPES = [
  'run.started',
  'node.started',
  'memory.read',
  'memory.write',
  'llm.request',
  'llm.delta',
  'llm.response',
  'llm.retry',
  'tool.call',
  'tool.progress',
  'tool.result',
  'guard.verdict',
  'output.validated',
  'edge.taken',
  'state.updated',
  'run.interrupted',
  'run.resumed',
  'node.finished',
  'run.finished',
  'run.failed',
  'run.cancelled',
] as const;
export type TraceEventType = (typeof TRACE_EVENT_TYPES)[number];

export interface TraceEvent {
  seq: number;
  run_id: string;
  /** ISO-8601 time. */
  ts: string;
  type: TraceEventType;
  step: number;
  node?: string;
  span_id: string;
  parent_span_id?: string;
  data: Record<string, unknown>;
}

/** What the engine emits; the sink adds seq, run_id and ts. */
export type TraceEventInput = Omit<TraceEvent, 'seq' | 'run_id' | 'ts'> & { ts?: string };

/**
 * `rejected`: a person rejected a human step and the graph did not route the rejection to another
 * node, so the run ended there (a decision, not a failure; `error` holds `{ code: 'rejected', message }`
 * with the reason). It ends with `run.finished` whose data says `status: 'rejected'`.
 */
export const RUN_STATUSES = ['queued', 'running', 'paused', 'succeeded', 'failed', 'cancelled', 'interrupted', 'rejected'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** The statuses a run never leaves (it ended; nothing can resume it). */
export const TERMINAL_STATUSES = ['succeeded', 'failed', 'cancelled', 'rejected'] as const satisfies readonly RunStatus[];
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export function isTerminalStatus(s: string): s is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(s);
}

/** The events that end a run: after one of these nothing more is recorded for it. */
export const RUN_END_TYPES = ['run.finished', 'run.failed', 'run.cancelled'] as const satisfies readonly TraceEventType[];
export type RunEndType = (typeof RUN_END_TYPES)[number];

export function isRunEndType(type: string): type is RunEndType {
  return (RUN_END_TYPES as readonly string[]).includes(type);
}

/** An event after which a run is no longer running: an end event, or a pause (`run.interrupted`). */
export function settlesRun(type: string): boolean {
  return type === 'run.interrupted' || isRunEndType(type);
}

/**
 * The span id of the run itself: run-level events (run.started / resumed / finished / failed /
 * cancelled, breakpoint pauses) carry it, node spans hang under it. Runs recorded before it was
 * fixed used a random id for their run span: lib/contracts/trace-fold.ts reads both as one span.
 */
export const RUN_SPAN_ID = 'run';

/** `run.interrupted` data `reason` when a server restart cut the run short (its status is `interrupted`, not `paused`). */
export const SERVER_RESTART_REASON = 'server_restart';
/** `run.interrupted` data `reason` when the database stayed away longer than the run's writes wait (status `interrupted`; it resumes once the database is back). */
export const STORE_OUTAGE_REASON = 'store_unavailable';
/** The `run.interrupted` reasons that make a run `interrupted` (cut short, resumed with `continue`) rather than `paused`. */
export const INTERRUPTED_REASONS: readonly unknown[] = [SERVER_RESTART_REASON, STORE_OUTAGE_REASON];
