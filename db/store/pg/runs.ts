/**
 * Runs, their trace events, checkpoints and call journal on Postgres, natively (db/store/run-ports.ts):
 * run rows through drizzle (the Postgres schema's types), the hot reads as named statements on the
 * Pool (parsed and planned once per connection). Writes of a step: steps.ts.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Checkpoint, TraceEvent, TraceEventType } from '@/lib/contracts/trace';
import { conflict, notFound } from '@/lib/errors';
import { expandCheckpoint, type StoredCheckpoint } from '../../checkpoint-delta';
import { getPgPool } from '../../client';
import { runJournal, runs } from '../../schema-pg';
import type { CheckpointRepository, JournalRepository, RunEventRepository, RunRepository, RunRow, RunUsage } from '../run-ports';
import { unmatchable } from '../storable';
import { pgCode, pgDb, preparedQuery, type PgDb } from './db';

/** A named statement on the Pool (each connection prepares it once). */
async function q<R>(name: string, text: string, values: unknown[]): Promise<R[]> {
  const pool = await getPgPool();
  return (await pool.query({ name, text, values })).rows as R[];
}

const byIdQuery = (db: PgDb) => db.select().from(runs).where(eq(runs.id, sql.placeholder('id'))).prepare('store_run_by_id');

export const pgRuns: RunRepository = {
  async insert(r) {
    const db = await pgDb();
    try {
      const [row] = await db
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
          apiKeyId: r.apiKeyId ?? null,
          connectionOverride: r.connectionOverride ?? null,
          parentRunId: r.parentRunId ?? null,
          forkedFromStep: r.forkedFromStep ?? null,
          origin: r.origin ?? null,
          createdAt: new Date(),
        })
        .returning();
      return row as RunRow;
    } catch (err) {
      const code = pgCode(err);
      if (code === '23503') throw notFound(r.parentRunId ? 'graph or parent run' : 'graph');
      if (code === '23505') throw conflict(`a run with id ${r.id} exists`);
      throw err;
    }
  },
  async get(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await preparedQuery('store_run_by_id', byIdQuery)).execute({ id });
    return row as RunRow | undefined;
  },
  async listForGraph(graphId, limit = 100) {
    if (unmatchable(graphId)) return [];
    const db = await pgDb();
    return (await db.select().from(runs).where(eq(runs.graphId, graphId)).orderBy(desc(runs.createdAt), desc(runs.id)).limit(limit)) as RunRow[];
  },
  async listWithStatus(statuses) {
    if (!statuses.length) return [];
    const db = await pgDb();
    return (await db.select().from(runs).where(inArray(runs.status, statuses))) as RunRow[];
  },
  async update(id, u) {
    const set = Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length || unmatchable(id)) return;
    await (await pgDb()).update(runs).set(set).where(eq(runs.id, id));
  },
  async transition(id, from, u) {
    if (unmatchable(id) || !from.length) return false;
    const set = Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined));
    const done = await (await pgDb())
      .update(runs)
      .set(set)
      .where(and(eq(runs.id, id), inArray(runs.status, from)))
      .returning({ id: runs.id });
    return done.length > 0;
  },
};

interface EventRecord {
  run_id: string;
  seq: string;
  ts: string;
  type: string;
  step: string;
  node: string | null;
  span_id: string;
  parent_span_id: string | null;
  data: string;
}

function toTraceEvent(row: EventRecord): TraceEvent {
  const e: TraceEvent = { seq: Number(row.seq), run_id: row.run_id, ts: row.ts, type: row.type as TraceEventType, step: Number(row.step), span_id: row.span_id, data: JSON.parse(row.data) };
  if (row.node != null) e.node = row.node;
  if (row.parent_span_id != null) e.parent_span_id = row.parent_span_id;
  return e;
}

/** The usage SQL, also run inside a step commit (steps.ts). */
export const USAGE_SQL =
  "SELECT coalesce(sum((data::jsonb ->> 'gen_ai.usage.input_tokens')::numeric), 0) AS input, " +
  "coalesce(sum((data::jsonb ->> 'gen_ai.usage.output_tokens')::numeric), 0) AS output, " +
  "sum((data::jsonb ->> 'cost_usd')::numeric) AS cost FROM run_events WHERE run_id = $1 AND type = 'llm.response'";

export function usageOf(row: { input?: unknown; output?: unknown; cost?: unknown } | undefined): RunUsage {
  const input = Number(row?.input ?? 0);
  const output = Number(row?.output ?? 0);
  const cost = row?.cost == null ? undefined : Math.round(Number(row.cost) * 1e9) / 1e9;
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output, ...(cost !== undefined ? { cost_usd: cost } : {}) };
}

export const pgRunEvents: RunEventRepository = {
  async list(runId, afterSeq = 0, limit = 100_000) {
    if (unmatchable(runId)) return [];
    const rows = await q<EventRecord>('store_events_after', 'SELECT * FROM run_events WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [runId, afterSeq, limit]);
    return rows.map(toTraceEvent);
  },
  async lastSeq(runId) {
    if (unmatchable(runId)) return 0;
    const [row] = await q<{ max: string | null }>('store_events_last_seq', 'SELECT max(seq) AS max FROM run_events WHERE run_id = $1', [runId]);
    return Number(row?.max ?? 0);
  },
  async sumUsage(runId) {
    if (unmatchable(runId)) return usageOf(undefined);
    const [row] = await q<{ input: string; output: string; cost: string | null }>('store_run_usage', USAGE_SQL, [runId]);
    return usageOf(row);
  },
};

interface CheckpointRecord {
  step: string;
  checkpoint: string;
  updated_at: string;
}

/** The steps whose rows a stored row refers to (unchanged channels, appends). */
function stepsReferred(r: StoredCheckpoint): number[] {
  return [...Object.values(r.state_refs ?? {}), ...Object.values(r.state_appends ?? {}).map((a) => a.step)];
}

/**
 * The checkpoint a stored row stands for: the rows it refers to are read a level at a time (one
 * query per level of references; a full snapshot every FULL_EVERY appends bounds the depth).
 */
async function expand(runId: string, stored: StoredCheckpoint): Promise<Checkpoint> {
  const rows = new Map<number, StoredCheckpoint>([[stored.step, stored]]);
  let want = [...new Set(stepsReferred(stored))].filter((s) => !rows.has(s));
  while (want.length) {
    const got = await q<CheckpointRecord>('store_checkpoints_at_steps', 'SELECT step, checkpoint FROM run_checkpoints WHERE run_id = $1 AND step = ANY($2::bigint[])', [runId, want]);
    const next = new Set<number>();
    const parsed = got.map((r) => [Number(r.step), JSON.parse(r.checkpoint) as StoredCheckpoint] as const);
    for (const [step, row] of parsed) rows.set(step, row);
    for (const [, row] of parsed) for (const s of stepsReferred(row)) if (!rows.has(s)) next.add(s);
    want = [...next];
  }
  return expandCheckpoint(stored, (step) => rows.get(step));
}

export const pgCheckpoints: CheckpointRepository = {
  async latest(runId) {
    if (unmatchable(runId)) return undefined;
    const [row] = await q<CheckpointRecord>('store_checkpoint_latest', 'SELECT step, checkpoint FROM run_checkpoints WHERE run_id = $1 ORDER BY step DESC LIMIT 1', [runId]);
    return row && expand(runId, JSON.parse(row.checkpoint));
  },
  async at(runId, step) {
    if (unmatchable(runId) || !Number.isSafeInteger(step)) return undefined;
    const [row] = await q<CheckpointRecord>('store_checkpoint_at', 'SELECT step, checkpoint FROM run_checkpoints WHERE run_id = $1 AND step = $2', [runId, step]);
    return row && expand(runId, JSON.parse(row.checkpoint));
  },
  async list(runId) {
    if (unmatchable(runId)) return [];
    const rows = await q<CheckpointRecord>('store_checkpoints_all', 'SELECT step, checkpoint, updated_at FROM run_checkpoints WHERE run_id = $1 ORDER BY step', [runId]);
    const byStep = new Map(rows.map((r) => [Number(r.step), JSON.parse(r.checkpoint) as StoredCheckpoint]));
    return rows.map((r) => ({ step: Number(r.step), checkpoint: expandCheckpoint(byStep.get(Number(r.step))!, (s) => byStep.get(s)), updatedAt: new Date(Number(r.updated_at)) }));
  },
};

export const pgJournal: JournalRepository = {
  async entry(runId, key) {
    if (unmatchable(runId) || unmatchable(key)) return undefined;
    const [row] = await q<{ kind: string; result: string }>('store_journal_by_key', 'SELECT kind, result FROM run_journal WHERE run_id = $1 AND key = $2', [runId, key]);
    return row ? { kind: row.kind, result: JSON.parse(row.result) } : undefined;
  },
  async has(runId) {
    if (unmatchable(runId)) return false;
    return (await q('store_journal_any', 'SELECT 1 AS one FROM run_journal WHERE run_id = $1 LIMIT 1', [runId])).length > 0;
  },
  async count(runId, kind, node, requestHash) {
    if ([runId, node, requestHash].some(unmatchable)) return 0;
    const [row] = await q<{ n: string }>('store_journal_count', 'SELECT count(*) AS n FROM run_journal WHERE run_id = $1 AND kind = $2 AND node = $3 AND request_hash = $4', [runId, kind, node, requestHash]);
    return Number(row?.n ?? 0);
  },
  async nth(runId, kind, node, requestHash, n) {
    if ([runId, node, requestHash].some(unmatchable) || !Number.isSafeInteger(n) || n < 0) return undefined;
    const [row] = await q<{ result: string }>(
      'store_journal_nth',
      'SELECT result FROM run_journal WHERE run_id = $1 AND kind = $2 AND node = $3 AND request_hash = $4 ORDER BY id LIMIT 1 OFFSET $5',
      [runId, kind, node, requestHash, n],
    );
    return row ? { result: JSON.parse(row.result) } : undefined;
  },
  async list(runId) {
    if (unmatchable(runId)) return [];
    return (await (await pgDb()).select().from(runJournal).where(eq(runJournal.runId, runId)).orderBy(asc(runJournal.id))) as Awaited<ReturnType<JournalRepository['list']>>;
  },
};
