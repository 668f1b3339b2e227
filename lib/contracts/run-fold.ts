/**
 * The run-level facts of a trace as the fold gives them (lib/contracts/trace-fold.ts), and the fold's
 * start value. Apart from the fold so that the editor's run store can hold one without loading the
 * trace schemas (zod) in the editor's first load.
 */
import type { Interrupt } from './trace';
import type { RunEndType, RunStatus } from './trace-names';

export interface RunUsage {
  input_tokens: number;
  output_tokens: number;
  /** USD of the priced model calls; undefined when none had a price. */
  cost_usd?: number;
  model_calls: number;
}

export interface RunFold {
  /** The run span's id (`RUN_SPAN_ID`, or an older run's random id); null before any run event. */
  runSpan: string | null;
  /** null before the first run-level event. */
  status: RunStatus | null;
  ended: boolean;
  /** The event type that ended the run. */
  endType?: RunEndType;
  interrupt: Interrupt | null;
  /** The answer (run.finished `output`); undefined until the run finished. */
  output: unknown;
  error: { code: string; message: string } | null;
  rejected: { node: string; reason?: string } | null;
  /** Summed from the model calls seen; the end event's totals replace it when it carries them. */
  usage: RunUsage;
}

export const EMPTY_RUN: RunFold = Object.freeze({
  runSpan: null,
  status: null,
  ended: false,
  interrupt: null,
  output: undefined,
  error: null,
  rejected: null,
  usage: Object.freeze({ input_tokens: 0, output_tokens: 0, model_calls: 0 }),
}) as RunFold;
