/**
 * The run path of the embedded store: the async ports of db/store/run-ports.ts over the synchronous
 * queries of db/runs.ts, db/run-events.ts, db/checkpoints.ts and db/journal.ts (prepared
 * statements). A step commit is one better-sqlite3 transaction, run at once: commits of a run are
 * applied in the order they are called because each finishes before the call returns.
 */
import 'server-only';
import { AppError, conflict, notFound } from '@/lib/errors';
import { checkpointAt, listCheckpoints } from '../checkpoints';
import { countJournalCalls, hasJournal, insertJournalRows, journalEntry, listJournal, nthJournalCall } from '../journal';
import { appendEvents, lastSeq, listEvents, sumUsage } from '../run-events';
import { forgetSavedCheckpoint, getRun, insertRun, listRunsForGraph, listRunsWithStatus, loadCheckpoint, saveCheckpoint, transitionRun, updateRun } from '../runs';
import { getGraph } from '../graphs';
import type { CheckpointRepository, JournalRepository, RunEventRepository, RunRepository, StepCommit, StepCommitter } from './run-ports';

/** `fn` called now, its result or error delivered as a promise (never thrown synchronously). */
export function later<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => Promise<R> {
  return (...args: A) => {
    try {
      return Promise.resolve(fn(...args));
    } catch (err) {
      return Promise.reject(err);
    }
  };
}

export const sqliteRuns: RunRepository = {
  insert: later((r) => {
    try {
      return insertRun(r);
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (!getGraph(r.graphId)) throw notFound('graph');
      if (getRun(r.id)) throw conflict(`a run with id ${r.id} exists`);
      throw err;
    }
  }),
  get: later((id: string) => getRun(id)),
  listForGraph: later((graphId: string, limit?: number) => listRunsForGraph(graphId, limit)),
  listWithStatus: later(listRunsWithStatus),
  update: later(updateRun),
  transition: later(transitionRun),
};

export const sqliteRunEvents: RunEventRepository = {
  list: later((runId: string, afterSeq?: number, limit?: number) => listEvents(runId, afterSeq, limit)),
  lastSeq: later(lastSeq),
  sumUsage: later(sumUsage),
};

export const sqliteCheckpoints: CheckpointRepository = {
  latest: later(loadCheckpoint),
  at: later(checkpointAt),
  list: later(listCheckpoints),
};

export const sqliteJournal: JournalRepository = {
  entry: later(journalEntry),
  has: later(hasJournal),
  count: later(countJournalCalls),
  nth: later(nthJournalCall),
  list: later(listJournal),
};

function commitNow(runId: string, c: StepCommit): void {
  // A commit that inserts nothing keyed by the run would not meet the foreign key: ask.
  if (!c.events.length && !c.journal?.length && !c.checkpoint && !getRun(runId)) throw notFound('run');
  try {
    appendEvents(c.events, () => {
      for (const { update, withUsage } of c.runUpdates ?? []) updateRun(runId, withUsage ? { ...update, usage: sumUsage(runId) } : update);
      if (c.journal?.length) insertJournalRows(runId, c.journal);
      if (c.checkpoint) saveCheckpoint(runId, c.checkpoint);
    });
  } catch (err) {
    if (!(err instanceof AppError) && !getRun(runId)) throw notFound('run');
    throw err;
  } finally {
    if (c.last) forgetSavedCheckpoint(runId);
  }
}

export const sqliteSteps: StepCommitter = { commit: later(commitNow), commitSync: commitNow };
