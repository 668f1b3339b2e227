/**
 * The trace event envelope: one shape everywhere (SSE, DB, export).
 * `{ seq, run_id, ts, type, step, node?, span_id, parent_span_id?, data }`
 * LLM events name their fields after OpenTelemetry `gen_ai.*` attributes.
 */
export const TRACE_EVENT_TYPES = [
  'run.started',
  'node.started',
  'llm.request',
  'llm.delta',
  'llm.response',
  'llm.retry',
  'tool.call',
  'tool.result',
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

export const RUN_STATUSES = ['queued', 'running', 'paused', 'succeeded', 'failed', 'cancelled', 'interrupted'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * Data carried by the main event types (documentation for consumers; the engine fills these):
 * - run.started:   { input, graph: name, inputs? }
 * - node.started:  { role, strategy? }
 * - llm.request:   { 'gen_ai.system': 'openai', 'gen_ai.request.model', connection, messages, tools?, stop?, temperature? }
 * - llm.delta:     { text }
 * - llm.response:  { 'gen_ai.response.model', content, tool_calls?, finish_reason,
 *                    'gen_ai.usage.input_tokens', 'gen_ai.usage.output_tokens', latency_ms,
 *                    parsed?: { thought, action, action_input, final_answer, error } (react) }
 * - tool.call:     { tool, type, args }
 * - tool.result:   { tool, output, error?, truncated?, original_bytes?, latency_ms }
 * - edge.taken:    { from, to, condition?, value?, branch_index?, reason? }
 * - state.updated: { before, after, changed: string[] }
 * - run.interrupted: Interrupt
 * - node.finished: { status: 'succeeded'|'failed'|'skipped', output?, error?, latency_ms }
 * - run.finished:  { output, state, usage }
 * - run.failed:    { error: { code, message } }
 */
