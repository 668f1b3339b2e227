/**
 * The step commit on Postgres (db/store/run-ports.ts StepCommitter): the step's events, the run
 * row's changes (with the run's usage totalled from its events when asked), the journal rows and
 * the checkpoint, in one statement: a call of `switchyard_step_commit`
 * (db/migrations-pg/0006_step_commit_function.sql), one round trip and one implicit transaction,
 * named so each connection parses and plans it once (a five-call run sent 53 statements before
 * this function, 21 with it). Commits of one run are queued: the next starts when the previous ended
 * (committed or failed), so they apply in call order although nobody waits for them one by one.
 * The checkpoint is stored as a delta (db/checkpoint-delta.ts) against the run's last checkpoint
 * committed by this process; the delta writer learns of a checkpoint only once its commit succeeded.
 * A commit the database cannot take now (down, restarting: db/store/outage.ts) is tried again with
 * back-off, up to SWITCHYARD_STORE_RETRY_S, and the run's later commits wait behind it: the run
 * pauses, and goes on by itself when the database is back. Before a retry, a commit whose COMMIT may
 * have reached the server is looked for (its last event): found, it is not written twice.
 */
import 'server-only';
import type pg from 'pg';
import { AppError, notFound } from '@/lib/errors';
import { compactCheckpoint, SavedCheckpoints } from '../../checkpoint-delta';
import { getPgPool } from '../../client';
import { retryWhileUnavailable } from '../outage';
import type { RunUpdate, StepCommit, StepCommitter } from '../run-ports';
import { pgCode } from './db';

/** A step's events as the column arrays `unnest` takes (seq, ts, type, step, node, span, parent span, data). */
const eventColumns = (ev: StepCommit['events']) => [
  ev.map((e) => e.seq),
  ev.map((e) => e.ts),
  ev.map((e) => e.type),
  ev.map((e) => e.step),
  ev.map((e) => e.node ?? null),
  ev.map((e) => e.span_id),
  ev.map((e) => e.parent_span_id ?? null),
  ev.map((e) => JSON.stringify(e.data)),
];

/** Journal rows as the column arrays `unnest` takes (key, kind, node, digest, result, error, usage, reused, started, latency). */
const journalColumns = (j: NonNullable<StepCommit['journal']>) => [
  j.map((r) => r.key),
  j.map((r) => r.kind),
  j.map((r) => r.node),
  j.map((r) => r.requestHash),
  j.map((r) => r.resultJson),
  j.map((r) => r.error),
  j.map((r) => (r.usage ? JSON.stringify(r.usage) : null)),
  j.map((r) => (r.reused ? 1 : 0)),
  j.map((r) => r.startedAt),
  j.map((r) => r.latencyMs),
];

/** RunUpdate keys -> column and the value the column stores (JSON as text, times as epoch ms). */
const RUN_COLUMNS: Record<keyof RunUpdate, [string, (v: unknown) => unknown]> = {
  status: ['status', (v) => v],
  output: ['output', (v) => (v === null ? null : JSON.stringify(v))],
  error: ['error', (v) => (v === null ? null : JSON.stringify(v))],
  usage: ['usage', (v) => (v === null ? null : JSON.stringify(v))],
  startedAt: ['started_at', (v) => (v as Date).getTime()],
  finishedAt: ['finished_at', (v) => (v === null ? null : (v as Date).getTime())],
};

/** The run row's changes of a commit as the function takes them (column -> stored value, later updates win), or null. */
function runSet(c: StepCommit): Record<string, unknown> | null {
  let set: Record<string, unknown> | null = null;
  for (const { update } of c.runUpdates ?? []) {
    for (const k of Object.keys(update) as (keyof RunUpdate)[]) {
      if (update[k] === undefined || !RUN_COLUMNS[k]) continue;
      const [column, stored] = RUN_COLUMNS[k];
      (set ??= {})[column] = stored(update[k]);
    }
  }
  return set;
}

const STEP_COMMIT_CALL = `SELECT switchyard_step_commit(${Array.from({ length: 26 }, (_, i) => `$${i + 1}`).join(', ')})`;

/** The commit: one statement, one implicit transaction. */
async function write(pool: pg.Pool, runId: string, c: StepCommit, checkpoint: string | undefined, step: number | undefined): Promise<void> {
  const ev = c.events;
  const j = c.journal ?? [];
  const withUsage = c.runUpdates?.some((u) => u.withUsage) ?? false;
  const set = runSet(c);
  await pool.query({
    name: 'store_step_commit',
    text: STEP_COMMIT_CALL,
    values: [
      runId,
      ...eventColumns(ev),
      set && JSON.stringify(set),
      withUsage,
      ...journalColumns(j),
      Date.now(),
      step ?? null,
      checkpoint ?? null,
      Date.now(),
      !ev.length && !j.length && checkpoint === undefined,
    ],
  });
}

/** A step committer over one Pool's connections (its delta writer remembers the runs it committed). */
export function pgStepCommitter(): StepCommitter {
  const saved = new SavedCheckpoints();

  async function commitNow(runId: string, c: StepCommit): Promise<void> {
    const compact = c.checkpoint && compactCheckpoint(saved.get(runId), c.checkpoint);
    let ok = false;
    try {
      // A connection that fails mid-statement (a server restart) is dropped by the Pool, not reused.
      await write(await getPgPool(), runId, c, compact && JSON.stringify(compact.stored), c.checkpoint?.step);
      ok = true;
    } catch (err) {
      const code = pgCode(err);
      // 23503: a row's run is gone (foreign key); P0002: a commit of nothing else for an unknown run.
      if (code === '23503' || code === 'P0002') throw notFound('run');
      throw err;
    } finally {
      if (c.last || !ok) saved.forget(runId);
      else if (compact) saved.set(runId, compact.saved);
    }
  }

  /** Whether the commit's last event is stored (a COMMIT whose answer the cut connection lost). */
  async function written(runId: string, c: StepCommit): Promise<boolean> {
    const last = c.events.at(-1);
    if (!last) return false; // checkpoint and journal rows are written idempotently: write them again
    const pool = await getPgPool();
    const r = await pool.query({ name: 'store_event_exists', text: 'SELECT 1 FROM run_events WHERE run_id = $1 AND seq = $2', values: [runId, last.seq] });
    return r.rowCount! > 0;
  }

  const commitWithRetry = (runId: string, c: StepCommit) =>
    retryWhileUnavailable(() => commitNow(runId, c), {
      what: `writing run ${runId}'s step`,
      alreadyDone: () => written(runId, c),
      onRetry: (attempt, err) => {
        if (attempt === 1) console.warn(`[switchyard] run ${runId}: the database is unavailable (${err instanceof Error ? err.message : String(err)}); retrying its write`);
      },
    });

  /** The last commit queued per run, settled with its failure (or null). */
  const ended = new Map<string, Promise<unknown>>();

  return {
    commit(runId, c) {
      const prev = ended.get(runId);
      // A commit that gave up waiting for the database fails the ones queued behind it at once
      // (each would wait as long again): the run is interrupted and resumes from its checkpoint.
      const gaveUp = (e: unknown) => e instanceof AppError && e.code === 'store_unavailable';
      const mine = prev ? prev.then((e) => (gaveUp(e) ? Promise.reject(e as Error) : commitWithRetry(runId, c))) : commitWithRetry(runId, c);
      const tail = mine.then(
        () => null,
        (e: unknown) => e,
      );
      ended.set(runId, tail);
      void tail.then(() => {
        if (ended.get(runId) === tail) ended.delete(runId);
      });
      return mine;
    },
  };
}
