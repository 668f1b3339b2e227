/**
 * Time travel contracts: a run's checkpoints (GET /api/runs/:id/checkpoints), fork
 * (POST /api/runs/:id/fork), replay from recordings (POST /api/runs/:id/replay) and the diff of
 * two runs (GET /api/runs/diff?a=&b=). Browser-safe.
 */
import { z } from 'zod';
import { RunView } from './runs';
import { InterruptData } from './trace';

export const GraphVersionChoice = z.enum(['current', 'original']);
export type GraphVersionChoice = z.infer<typeof GraphVersionChoice>;

/** One checkpoint: the state after superstep `step` and the nodes that run next. */
export const CheckpointView = z.object({
  step: z.number().int(),
  state: z.record(z.string(), z.unknown()),
  next: z.array(z.string()),
  /** Set when the run paused at this step. */
  interrupt: InterruptData.nullable(),
  created_at: z.string(),
});
export type CheckpointView = z.infer<typeof CheckpointView>;

export const CheckpointsResponse = z.object({ run_id: z.string(), checkpoints: z.array(CheckpointView) });
export type CheckpointsResponse = z.infer<typeof CheckpointsResponse>;

const ForkNodeName = z.string().min(1).max(128);

export const ForkRunBody = z.strictObject({
  /** The checkpoint to start from (the state after this superstep). */
  step: z.number().int().min(0),
  /** Channels to set before the fork runs (the others keep the checkpoint's values); checked against the graph's state channels. */
  state: z.record(z.string().max(64), z.unknown()).optional(),
  /** Run on the graph version the run used (default) or the graph as it is now. */
  graph_version: GraphVersionChoice.optional(),
  /**
   * Pin what runs first: a node id, several (run together), or `END` (the run ends at once).
   * Without it, a fork with an edited `state` recomputes the next nodes from that state (the edges
   * of the nodes that finished at `step` fire again on it); without an edit the checkpoint's `next` runs.
   */
  next: z.union([ForkNodeName, z.array(ForkNodeName).min(1).max(50)]).optional(),
});
export type ForkRunBody = z.infer<typeof ForkRunBody>;

/** Where a fork's first nodes came from: the checkpoint (no edit), the edited state, or the caller's pin. */
export const ForkNextFrom = z.enum(['checkpoint', 'edited_state', 'pinned']);
export type ForkNextFrom = z.infer<typeof ForkNextFrom>;

export const ReplayRunBody = z.strictObject({
  /** Replay on the graph as it is now (default) or the version the run used. */
  graph_version: GraphVersionChoice.optional(),
});
export type ReplayRunBody = z.infer<typeof ReplayRunBody>;

/** POST fork / replay: the new run (201); a fork also says what it runs first and why. */
export const DerivedRunResponse = z.object({
  run_id: z.string(),
  run: RunView,
  /** Fork only: the nodes it runs first (empty: it ends at once). */
  next: z.array(z.string()).optional(),
  next_from: ForkNextFrom.optional(),
});
export type DerivedRunResponse = z.infer<typeof DerivedRunResponse>;

// ------------------------------------------------------------------ diff

/** A piece of a text diff (jsdiff's change objects). */
export const TextChange = z.object({ value: z.string(), added: z.boolean().optional(), removed: z.boolean().optional() });
export type TextChange = z.infer<typeof TextChange>;

export const ToolCallSummary = z.object({ tool: z.string(), args: z.unknown(), output: z.string(), error: z.string().optional() });

/** What one node did at one step of one run. */
export const NodeStepSummary = z.object({
  status: z.string(),
  /** The prompts of its model calls as text (role: content lines). */
  prompt: z.string(),
  output: z.string(),
  /** Where its edges went (`END` included). */
  branches: z.array(z.string()),
  tool_calls: z.array(ToolCallSummary),
  model_calls: z.number(),
  input_tokens: z.number(),
  output_tokens: z.number(),
  latency_ms: z.number().nullable(),
  cost_usd: z.number().nullable(),
});
export type NodeStepSummary = z.infer<typeof NodeStepSummary>;

export const Delta = z.object({ a: z.number().nullable(), b: z.number().nullable(), delta: z.number().nullable() });
export type Delta = z.infer<typeof Delta>;

export const DiffRow = z.object({
  step: z.number(),
  node: z.string(),
  /** same: ran in both with the same prompt, output, branches and tool calls. */
  kind: z.enum(['same', 'changed', 'only_a', 'only_b']),
  a: NodeStepSummary.nullable(),
  b: NodeStepSummary.nullable(),
  /** Text diffs (a → b), when the node ran in both and they differ. */
  prompt_diff: z.array(TextChange).nullable(),
  output_diff: z.array(TextChange).nullable(),
  branch_differs: z.boolean(),
  tools_differ: z.boolean(),
  tokens: Delta,
  latency_ms: Delta,
  cost_usd: Delta,
});
export type DiffRow = z.infer<typeof DiffRow>;

export const RunDiffResponse = z.object({
  a: RunView,
  b: RunView,
  rows: z.array(DiffRow),
  /** The first step and node where the runs differ (null when they did the same). */
  first_difference: z.object({ step: z.number(), node: z.string() }).nullable(),
  totals: z.object({ tokens: Delta, latency_ms: Delta, cost_usd: Delta, model_calls: Delta }),
  output_diff: z.array(TextChange),
});
export type RunDiffResponse = z.infer<typeof RunDiffResponse>;

export const RunDiffQuery = z.object({ a: z.string().min(1).max(100), b: z.string().min(1).max(100) });
