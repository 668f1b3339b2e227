/**
 * The run API contracts: request bodies validated by the route handlers under
 * app/api/graphs/[id]/runs and app/api/runs, and the response shapes the debug panel reads.
 */
import { z } from 'zod';
import type { TraceEvent, RunStatus } from './trace';

/** A run's text input: large enough for a pasted document, small enough to keep the DB sane. */
export const MAX_RUN_INPUT_CHARS = 200_000;

export const RUN_SOURCES = ['ui', 'api', 'openai'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

export const StartRunBody = z.strictObject({
  input: z.string().max(MAX_RUN_INPUT_CHARS, `input must be at most ${MAX_RUN_INPUT_CHARS} characters`),
  /** Initial values for state channels, by channel name. */
  inputs: z.record(z.string().max(64), z.unknown()).optional(),
  /** Node ids to pause before. */
  breakpoints: z.array(z.string().min(1).max(64)).max(200).optional(),
});
export type StartRunBody = z.infer<typeof StartRunBody>;

export const ResumeValueSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('approve') }),
  z.strictObject({ action: z.literal('reject'), reason: z.string().max(10_000).optional() }),
  z.strictObject({ action: z.literal('edit'), value: z.unknown() }),
  z.strictObject({ action: z.literal('continue') }),
  z.strictObject({ action: z.literal('step') }),
]);

export const ResumeRunBody = z.strictObject({ value: ResumeValueSchema });
export type ResumeRunBody = z.infer<typeof ResumeRunBody>;

/** `?after=<seq>` / `Last-Event-ID`: a non-negative integer sequence number. */
export const SeqParam = z.coerce.number().int().min(0);

export interface RunUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** One row of the run history and the `run` of GET /api/runs/:id. */
export interface RunView {
  id: string;
  graph_id: string;
  graph_name: string;
  status: RunStatus;
  source: RunSource;
  input: string;
  inputs: Record<string, unknown> | null;
  breakpoints: string[] | null;
  output: unknown;
  error: { code: string; message: string } | null;
  usage: RunUsage | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** finished_at - started_at, when both are known. */
  duration_ms: number | null;
}

export interface StartRunResponse {
  run_id: string;
}
export interface RunHistoryResponse {
  runs: RunView[];
}
export interface RunDetailResponse {
  run: RunView;
  events: TraceEvent[];
}
