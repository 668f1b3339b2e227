/**
 * Run rows and checkpoints. Status transitions are plain updates: the run manager is the only
 * writer while a run is active in this process.
 */
import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { RunStatus } from '@/lib/contracts/trace';
import type { Checkpoint } from '@/lib/contracts/trace';
import { compactCheckpoint, expandCheckpoint, SavedCheckpoints, type StoredCheckpoint } from './checkpoint-delta';
import { getDb } from './client';
import { driverValues, placeholders, prepared } from './prepared';
import { runCheckpoints, runs, type RunErrorColumn, type RunOriginColumn, type RunRow, type RunSourceColumn, type RunUsageColumn } from './schema/runs';

export type { RunRow } from './schema/runs';

export interface NewRun {
  id: string;
  graphId: string;
  graphName: string;
  graphVersion: number;
  input: string;
  inputs?: Record<string, unknown> | null;
  breakpoints?: string[] | null;
  source: RunSourceColumn;
  conversationId?: string | null;
  /** Time travel: the run this one forks or replays, and the parent's step a fork starts from. */
  parentRunId?: string | null;
  forkedFromStep?: number | null;
  origin?: RunOriginColumn | null;
  /** The API key the run was started with (its monthly budget). */
  apiKeyId?: string | null;
  /** All model calls go to this connection (`demo`: the built-in demo model). */
  connectionOverride?: string | null;
}

/** The columns a new run's row is inserted with (the others keep their defaults). */
const INSERTED = ['id', 'graphId', 'graphName', 'graphVersion', 'status', 'input', 'inputs', 'breakpoints', 'source', 'conversationId', 'apiKeyId', 'connectionOverride', 'parentRunId', 'forkedFromStep', 'origin', 'createdAt'] as const;

/** The insert of a run, prepared once per connection (a run start is a hot path). */
const runInsert = () => prepared('runs_insert', () => getDb().insert(runs).values(placeholders(INSERTED)).returning().prepare());

/**
 * A new run's id: a UUIDv7, ordered by time, so a run's rows land next to the previous run's in
 * every index keyed by run id (events, checkpoints, calls). A random v4 id put each commit on a
 * random page of each such index: about a quarter more work per step commit.
 */
export function newRunId(): string {
  return uuidv7();
}

export function insertRun(r: NewRun): RunRow {
  const row: Record<(typeof INSERTED)[number], unknown> = {
    id: r.id,
    graphId: r.graphId,
    graphName: r.graphName,
    graphVersion: r.graphVersion,
    status: 'queued',
    input: r.input,
    inputs: r.inputs,
    breakpoints: r.breakpoints,
    source: r.source,
    conversationId: r.conversationId,
    apiKeyId: r.apiKeyId,
    connectionOverride: r.connectionOverride,
    parentRunId: r.parentRunId,
    forkedFromStep: r.forkedFromStep,
    origin: r.origin,
    createdAt: new Date(),
  };
  return runInsert().get(driverValues(runs, row)) as RunRow;
}

/** A run's row by id, prepared once per connection (read at every run start, resume, stream and status check). */
const runById = () => prepared('runs_by_id', () => getDb().select().from(runs).where(eq(runs.id, sql.placeholder('id'))).prepare());

export function getRun(id: string): RunRow | undefined {
  return runById().get({ id }) as RunRow | undefined;
}

export function listRunsForGraph(graphId: string, limit = 100): RunRow[] {
  return getDb().select().from(runs).where(eq(runs.graphId, graphId)).orderBy(desc(runs.createdAt), desc(runs.id)).limit(limit).all();
}

export function listRunsWithStatus(statuses: RunStatus[]): RunRow[] {
  return getDb().select().from(runs).where(inArray(runs.status, statuses)).all();
}

export interface RunUpdate {
  status?: RunStatus;
  output?: unknown;
  error?: RunErrorColumn | null;
  usage?: RunUsageColumn | null;
  startedAt?: Date;
  finishedAt?: Date | null;
}

/** An update of the columns `keys` of one run, prepared once per connection and set of columns. */
const runUpdate = (keys: readonly string[]) =>
  prepared(`runs_update:${keys.join(',')}`, () =>
    getDb()
      .update(runs)
      .set(placeholders(keys))
      .where(eq(runs.id, sql.placeholder('id')))
      .prepare(),
  );

export function updateRun(id: string, u: RunUpdate): void {
  const keys = Object.keys(u).filter((k) => u[k as keyof RunUpdate] !== undefined);
  if (keys.length === 0) return;
  runUpdate(keys).run({ ...driverValues(runs, Object.fromEntries(keys.map((k) => [k, u[k as keyof RunUpdate]]))), id });
}

/** A status transition of the columns `keys` from one of `from`, prepared once per connection, set of columns and `from` list. */
const runTransition = (keys: readonly string[], from: readonly RunStatus[]) =>
  prepared(`runs_transition:${keys.join(',')}:${from.join(',')}`, () =>
    getDb()
      .update(runs)
      .set(placeholders(keys))
      .where(and(eq(runs.id, sql.placeholder('id')), inArray(runs.status, from.map((_, i) => sql.placeholder(`from${i}`)))))
      .prepare(),
  );

/** Sets the status only if the run is currently in one of `from`; true when it changed. */
export function transitionRun(id: string, from: RunStatus[], u: RunUpdate & { status: RunStatus }): boolean {
  if (from.length === 0) return false;
  const keys = Object.keys(u).filter((k) => u[k as keyof RunUpdate] !== undefined);
  const values = driverValues(runs, Object.fromEntries(keys.map((k) => [k, u[k as keyof RunUpdate]])));
  const res = runTransition(keys, from).run({ ...values, id, ...Object.fromEntries(from.map((s, i) => [`from${i}`, s])) });
  return changes(res) > 0;
}

/** Rows changed by a prepared update (better-sqlite3's `changes`). */
function changes(res: unknown): number {
  return (res as { changes?: number }).changes ?? 0;
}

const checkpointWriter = () =>
  prepared('run_checkpoints', (client) => ({
    upsert: client.prepare(
      'INSERT INTO run_checkpoints (run_id, step, checkpoint, updated_at) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (run_id, step) DO UPDATE SET checkpoint = excluded.checkpoint, updated_at = excluded.updated_at',
    ),
    saved: new SavedCheckpoints(),
  }));

/**
 * Keeps the checkpoint of step `cp.step` (a pause at that step rewrites it with its interrupt).
 * Channels unchanged since the run's previous checkpoint are not written again (checkpoint-delta.ts).
 */
export function saveCheckpoint(runId: string, cp: Checkpoint): void {
  const w = checkpointWriter();
  const { stored, saved } = compactCheckpoint(w.saved.get(runId), cp);
  w.upsert.run(runId, cp.step, JSON.stringify(stored), Date.now());
  w.saved.set(runId, saved);
}

/** Forgets what saveCheckpoint remembers of a run (it ended: no checkpoint follows). */
export function forgetSavedCheckpoint(runId: string): void {
  checkpointWriter().saved.forget(runId);
}

/** The checkpoint reads, prepared once per connection (every resume, recovery and time-travel read). */
const checkpointAtQuery = () =>
  prepared('run_checkpoint_at', () =>
    getDb()
      .select({ checkpoint: runCheckpoints.checkpoint })
      .from(runCheckpoints)
      .where(and(eq(runCheckpoints.runId, sql.placeholder('runId')), eq(runCheckpoints.step, sql.placeholder('step'))))
      .prepare(),
  );
const latestCheckpointQuery = () =>
  prepared('run_checkpoint_latest', () =>
    getDb()
      .select({ checkpoint: runCheckpoints.checkpoint })
      .from(runCheckpoints)
      .where(eq(runCheckpoints.runId, sql.placeholder('runId')))
      .orderBy(desc(runCheckpoints.step))
      .limit(1)
      .prepare(),
  );

/** A stored checkpoint row of the run, as stored (references not resolved). */
export function storedCheckpointAt(runId: string, step: number): StoredCheckpoint | undefined {
  return (checkpointAtQuery().get({ runId, step }) as { checkpoint: StoredCheckpoint } | undefined)?.checkpoint;
}

/** The checkpoint a stored row stands for (its unchanged channels read from earlier rows). */
export function readCheckpoint(runId: string, stored: StoredCheckpoint): Checkpoint {
  return expandCheckpoint(stored, (step) => storedCheckpointAt(runId, step));
}

/** The run's latest checkpoint (its highest step; other steps: db/checkpoints.ts). */
export function loadCheckpoint(runId: string): Checkpoint | undefined {
  const row = (latestCheckpointQuery().get({ runId }) as { checkpoint: StoredCheckpoint } | undefined)?.checkpoint;
  return row && readCheckpoint(runId, row);
}

/** Runs one function in a transaction (better-sqlite3: synchronous). */
export function inTransaction<T>(fn: () => T): T {
  return getDb().transaction(() => fn());
}
