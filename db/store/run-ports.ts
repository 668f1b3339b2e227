/**
 * The run path of the async store (issue 20, item 3, third slice): runs, their trace events,
 * checkpoints and call journal, and the step commit that writes a step's events, run-row changes,
 * journal rows and checkpoint in one transaction. Re-exported by db/store/ports.ts.
 *
 * Failures every implementation reports the same way: an unknown run id is `undefined` (or 0, or an
 * empty list) from a lookup; a run inserted for an unknown graph is `not_found`, a run id taken is
 * `conflict`; a step commit for a run that does not exist (deleted with its graph) is `not_found`
 * and writes nothing; a step commit that fails (an event seq already recorded) writes nothing.
 * Commits of one run are applied strictly in the order they were called, also when the caller does
 * not wait for one before starting the next.
 */
import type { Checkpoint, RunStatus, TraceEvent } from '@/lib/contracts/trace';
import type { JournalRowInput, RunJournalRow } from '../journal';
import type { NewRun, RunRow, RunUpdate } from '../runs';

export type { JournalRowInput, NewRun, RunJournalRow, RunRow, RunUpdate };

export interface RunUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  cost_usd?: number;
}

export interface RunRepository {
  /** A new run, status `queued`. not_found: no such graph; conflict: the id is taken. */
  insert(run: NewRun): Promise<RunRow>;
  get(id: string): Promise<RunRow | undefined>;
  /** The graph's runs, newest first. */
  listForGraph(graphId: string, limit?: number): Promise<RunRow[]>;
  listWithStatus(statuses: RunStatus[]): Promise<RunRow[]>;
  /** Sets the given columns (undefined ones are left alone); an unknown run is left alone. */
  update(id: string, u: RunUpdate): Promise<void>;
  /** Applies `u` only if the run's status is one of `from`; true when it did. */
  transition(id: string, from: RunStatus[], u: RunUpdate & { status: RunStatus }): Promise<boolean>;
}

export interface RunEventRepository {
  /** The run's events with seq > `afterSeq`, in seq order (at most `limit`). */
  list(runId: string, afterSeq?: number, limit?: number): Promise<TraceEvent[]>;
  /** The highest seq recorded for the run; 0 when none. */
  lastSeq(runId: string): Promise<number>;
  /** Tokens (and USD, when any call was priced) summed over the run's llm.response events. */
  sumUsage(runId: string): Promise<RunUsage>;
}

export interface CheckpointRow {
  step: number;
  checkpoint: Checkpoint;
  updatedAt: Date;
}

/** Checkpoints as read back (stored as deltas: db/checkpoint-delta.ts; written by the step commit). */
export interface CheckpointRepository {
  /** The run's checkpoint with the highest step. */
  latest(runId: string): Promise<Checkpoint | undefined>;
  at(runId: string, step: number): Promise<Checkpoint | undefined>;
  /** Every checkpoint of the run, by step. */
  list(runId: string): Promise<CheckpointRow[]>;
}

export type JournalKind = 'llm' | 'tool';

/** The call journal as read back (written by the step commit). */
export interface JournalRepository {
  /** The recorded call with this attempt key. */
  entry(runId: string, key: string): Promise<{ kind: string; result: unknown } | undefined>;
  has(runId: string): Promise<boolean>;
  /** How many calls of `node` with this request digest the run recorded. */
  count(runId: string, kind: JournalKind, node: string, requestHash: string): Promise<number>;
  /** The result of the `n`-th (from 0) such call, in recording order. */
  nth(runId: string, kind: JournalKind, node: string, requestHash: string, n: number): Promise<{ result: unknown } | undefined>;
  /** Every recorded call of the run, in recording order. */
  list(runId: string): Promise<RunJournalRow[]>;
}

/** A change of the run's row made by a step commit. */
export interface StepRunUpdate {
  update: RunUpdate;
  /** Set `usage` to the run's usage summed over its events, this commit's included (a run's end or pause). */
  withUsage?: boolean;
}

/** What one step commit writes, in this order, in one transaction. */
export interface StepCommit {
  events: readonly TraceEvent[];
  runUpdates?: readonly StepRunUpdate[];
  /** Call journal rows (the first row of an attempt key wins; a later one is ignored). */
  journal?: readonly JournalRowInput[];
  /** The step's checkpoint (replaces the row of its step: a pause rewrites it). */
  checkpoint?: Checkpoint;
  /** No checkpoint of the run follows in this process (it ended or paused): let go of what the delta writer remembers of it. */
  last?: boolean;
}

export interface StepCommitter {
  /** Writes `c` for run `runId` in one transaction, after every earlier commit of the run. not_found: no such run. */
  commit(runId: string, c: StepCommit): Promise<void>;
  /**
   * Present when the store's commits are synchronous (SQLite): the same write, done (or thrown)
   * before it returns, so the recorder publishes a step's events in the same tick as before.
   */
  commitSync?(runId: string, c: StepCommit): void;
}
