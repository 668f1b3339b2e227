/**
 * Run rows and checkpoints. Status transitions are plain updates: the run manager is the only
 * writer while a run is active in this process.
 */
import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { RunStatus } from '@/lib/contracts/trace';
import type { Checkpoint } from '@/lib/contracts/trace';
import { getDb } from './client';
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
}

export function insertRun(r: NewRun): RunRow {
  return getDb()
    .insert(runs)
    .values({
      id: r.id,
      graphId: r.graphId,
      graphName: r.graphName,
      graphVersion: r.graphVersion,
      status: 'queued',
      input: r.input,
      inputs: r.inputs ?? null,
      breakpoints: r.breakpoints ?? null,
      source: r.source,
      conversationId: r.conversationId ?? null,
      parentRunId: r.parentRunId ?? null,
      forkedFromStep: r.forkedFromStep ?? null,
      origin: r.origin ?? null,
      createdAt: new Date(),
    })
    .returning()
    .get();
}

export function getRun(id: string): RunRow | undefined {
  return getDb().select().from(runs).where(eq(runs.id, id)).get();
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

export function updateRun(id: string, u: RunUpdate): void {
  if (Object.keys(u).length === 0) return;
  getDb().update(runs).set(u).where(eq(runs.id, id)).run();
}

/** Sets the status only if the run is currently in one of `from`; true when it changed. */
export function transitionRun(id: string, from: RunStatus[], u: RunUpdate & { status: RunStatus }): boolean {
  const res = getDb().update(runs).set(u).where(and(eq(runs.id, id), inArray(runs.status, from))).run();
  return res.changes > 0;
}

/** Keeps the checkpoint of step `cp.step` (a pause at that step rewrites it with its interrupt). */
export function saveCheckpoint(runId: string, cp: Checkpoint): void {
  getDb()
    .insert(runCheckpoints)
    .values({ runId, step: cp.step, checkpoint: cp, updatedAt: new Date() })
    .onConflictDoUpdate({ target: [runCheckpoints.runId, runCheckpoints.step], set: { checkpoint: cp, updatedAt: new Date() } })
    .run();
}

/** The run's latest checkpoint (its highest step; other steps: db/checkpoints.ts). */
export function loadCheckpoint(runId: string): Checkpoint | undefined {
  return getDb().select().from(runCheckpoints).where(eq(runCheckpoints.runId, runId)).orderBy(desc(runCheckpoints.step)).limit(1).get()?.checkpoint;
}

/** Runs one function in a transaction (better-sqlite3: synchronous). */
export function inTransaction<T>(fn: () => T): T {
  return getDb().transaction(() => fn());
}
