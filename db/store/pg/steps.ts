/**
 * The step commit on Postgres (db/store/run-ports.ts StepCommitter): the step's events, the run
 * row's changes, the journal rows and the checkpoint in one transaction. Usually that is one
 * statement, a call of `switchyard_step_commit` (db/migrations-pg/0004_step_commit_function.sql):
 * one round trip and one implicit transaction. A commit that also totals the run's usage from its
 * events (a run's end) runs statement by statement between BEGIN and COMMIT on one pooled
 * connection instead. Every statement is named so each connection parses and plans it once. Commits of one run are queued: the next starts when the previous ended
 * (committed or failed), so they apply in call order although nobody waits for them one by one.
 * The checkpoint is stored as a delta (db/checkpoint-delta.ts) against the run's last checkpoint
 * committed by this process; the delta writer learns of a checkpoint only once its commit succeeded.
 */
import 'server-only';
import type pg from 'pg';
import { AppError, notFound } from '@/lib/errors';
import { compactCheckpoint, SavedCheckpoints } from '../../checkpoint-delta';
import { getPgPool } from '../../client';
import type { RunUpdate, StepCommit, StepCommitter } from '../run-ports';
import { pgCode } from './db';
import { USAGE_SQL, usageOf } from './runs';

const INSERT_EVENTS =
  'INSERT INTO run_events (run_id, seq, ts, type, step, node, span_id, parent_span_id, data) ' +
  'SELECT $1::text, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[])';
const INSERT_JOURNAL =
  'INSERT INTO run_journal (run_id, key, kind, node, request_hash, result, error, usage, reused, started_at, latency_ms, created_at) ' +
  'SELECT $1::text, k, kd, n, h, r, e, u, ru, s, l, $12::bigint FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[], $11::bigint[]) AS t(k, kd, n, h, r, e, u, ru, s, l) ' +
  'ON CONFLICT (run_id, key) DO NOTHING';
const UPSERT_CHECKPOINT =
  'INSERT INTO run_checkpoints (run_id, step, checkpoint, updated_at) VALUES ($1, $2, $3, $4) ' +
  'ON CONFLICT (run_id, step) DO UPDATE SET checkpoint = excluded.checkpoint, updated_at = excluded.updated_at';

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

async function updateRun(client: pg.PoolClient, runId: string, u: RunUpdate): Promise<void> {
  const keys = (Object.keys(u) as (keyof RunUpdate)[]).filter((k) => u[k] !== undefined && RUN_COLUMNS[k]).sort();
  if (!keys.length) return;
  const sets = keys.map((k, i) => `${RUN_COLUMNS[k][0]} = $${i + 2}`).join(', ');
  await client.query({ name: `store_run_update:${keys.join(',')}`, text: `UPDATE runs SET ${sets} WHERE id = $1`, values: [runId, ...keys.map((k) => RUN_COLUMNS[k][1](u[k]))] });
}

async function write(client: pg.PoolClient, runId: string, c: StepCommit, checkpoint: string | undefined, step: number | undefined): Promise<void> {
  if (c.events.length) {
    const ev = c.events;
    await client.query({
      name: 'store_events_insert',
      text: INSERT_EVENTS,
      values: [
        runId,
        ...eventColumns(ev),
      ],
    });
  }
  for (const { update, withUsage } of c.runUpdates ?? []) {
    const usage = withUsage ? usageOf((await client.query({ name: 'store_run_usage', text: USAGE_SQL, values: [runId] })).rows[0]) : undefined;
    await updateRun(client, runId, usage ? { ...update, usage } : update);
  }
  if (c.journal?.length) {
    const j = c.journal;
    await client.query({
      name: 'store_journal_insert',
      text: INSERT_JOURNAL,
      values: [
        runId,
        ...journalColumns(j),
        Date.now(),
      ],
    });
  }
  if (checkpoint !== undefined) await client.query({ name: 'store_checkpoint_upsert', text: UPSERT_CHECKPOINT, values: [runId, step, checkpoint, Date.now()] });
}

const STEP_COMMIT_CALL =
  'SELECT switchyard_step_commit($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)';

/** The run row's changes of a commit as the function takes them (column -> stored value), or null. */
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

/** The commit in one statement (the usual case: no usage to total). */
async function writeInOneCall(pool: pg.Pool, runId: string, c: StepCommit, checkpoint: string | undefined, step: number | undefined): Promise<void> {
  const ev = c.events;
  const j = c.journal ?? [];
  const set = runSet(c);
  const checkRun = !ev.length && !j.length && checkpoint === undefined;
  await pool.query({
    name: 'store_step_commit',
    text: STEP_COMMIT_CALL,
    values: [
      runId,
      ...eventColumns(ev),
      set && JSON.stringify(set),
      ...journalColumns(j),
      Date.now(),
      step ?? null,
      checkpoint ?? null,
      Date.now(),
      checkRun,
    ],
  });
}

async function exists(client: pg.PoolClient, runId: string): Promise<boolean> {
  return (await client.query({ name: 'store_run_exists', text: 'SELECT 1 FROM runs WHERE id = $1', values: [runId] })).rowCount! > 0;
}

/** A step committer over one Pool's connections (its delta writer remembers the runs it committed). */
export function pgStepCommitter(): StepCommitter {
  const saved = new SavedCheckpoints();
  /** The last commit queued per run (removed when it is the last and has ended). */
  const tails = new Map<string, Promise<void>>();

  async function commitNow(runId: string, c: StepCommit): Promise<void> {
    const compact = c.checkpoint && compactCheckpoint(saved.get(runId), c.checkpoint);
    const pool = await getPgPool();
    if (!c.runUpdates?.some((u) => u.withUsage)) {
      let ok = false;
      try {
        await writeInOneCall(pool, runId, c, compact && JSON.stringify(compact.stored), c.checkpoint?.step);
        ok = true;
      } catch (err) {
        const code = pgCode(err);
        if (code === '23503' || code === 'P0002') throw notFound('run');
        throw err;
      } finally {
        if (c.last || !ok) saved.forget(runId);
        else if (compact) saved.set(runId, compact.saved);
      }
      return;
    }
    const client = await pool.connect();
    let ok = false;
    let broken = false;
    // A connection the server cuts mid-transaction (restart, admin kill) is not given back to the
    // Pool (db/client.ts keeps its error from being uncaught; the failed statement rejects on its own).
    const onError = () => (broken = true);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      if (!c.events.length && !c.journal?.length && !c.checkpoint && !(await exists(client, runId))) throw notFound('run');
      await write(client, runId, c, compact && JSON.stringify(compact.stored), c.checkpoint?.step);
      await client.query('COMMIT');
      ok = true;
    } catch (err) {
      // A connection that cannot even roll back is not handed to the next commit.
      await client.query('ROLLBACK').catch(() => (broken = true));
      if (err instanceof AppError) throw err;
      if (pgCode(err) === '23503') throw notFound('run');
      throw err;
    } finally {
      client.off('error', onError);
      client.release(broken);
      if (c.last || !ok) saved.forget(runId);
      else if (compact) saved.set(runId, compact.saved);
    }
  }

  return {
    commit(runId, c) {
      const prev = tails.get(runId);
      const mine = prev ? prev.catch(() => {}).then(() => commitNow(runId, c)) : commitNow(runId, c);
      const tail = mine.catch(() => {});
      tails.set(runId, tail);
      void tail.then(() => {
        if (tails.get(runId) === tail) tails.delete(runId);
      });
      return mine;
    },
  };
}
