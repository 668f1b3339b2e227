/**
 * The run view: the plain run data the run store holds and the canvas reads (status, per-node
 * status, edges taken with the branch chosen, the pending interrupt, token totals). The reducer that
 * computes it from trace events is ./run-reducer.ts, loaded with the run panel, not with the canvas.
 */
import { isTerminalStatus, type RunStatus, type TraceEvent } from '@/lib/contracts/trace-names';
import type { Interrupt } from '@/lib/contracts/trace';
import { EMPTY_RUN, type RunFold } from '@/lib/contracts/run-fold';

export type NodeRunStatus = 'running' | 'done' | 'failed' | 'skipped' | 'paused';

export interface TakenEdge {
  from: string;
  to: string;
  /** How many times this edge was taken in the run (loops take an edge more than once). */
  count: number;
  lastSeq: number;
  branch_index?: number;
  condition?: string;
  value?: unknown;
  reason?: string;
}

export interface RunView {
  runId: string | null;
  status: RunStatus | 'idle';
  events: TraceEvent[];
  lastSeq: number;
  nodeStatus: Record<string, NodeRunStatus>;
  /** Keyed by `edgeKey(from, to)`. */
  takenEdges: Record<string, TakenEdge>;
  /** The edge taken most recently (for "the edge being taken now" animation). */
  lastEdge: string | null;
  interrupt: Interrupt | null;
  usage: { input: number; output: number };
  error: { code: string; message: string } | null;
  output: unknown;
  /** The run-level fold of the events so far (lib/contracts/trace-fold.ts): what status..usage come from. */
  run: RunFold;
}

export function edgeKey(from: string, to: string): string {
  return `${from}->${to}`;
}

export function emptyRunView(runId: string | null = null): RunView {
  return {
    runId,
    status: runId ? 'queued' : 'idle',
    events: [],
    lastSeq: 0,
    nodeStatus: {},
    takenEdges: {},
    lastEdge: null,
    interrupt: null,
    usage: { input: 0, output: 0 },
    error: null,
    output: undefined,
    run: EMPTY_RUN,
  };
}

export function isTerminal(status: RunView['status']): boolean {
  return isTerminalStatus(status);
}
