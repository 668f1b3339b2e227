/**
 * The append-only trace of each run: events numbered per run (`seq`), in the one envelope shape
 * used by SSE, the DB and export.
 *
 * Appending is the hot path of every run (issue 14): it goes straight to better-sqlite3 through
 * statements prepared once per connection (no SQL built per insert), and a batch of events (one
 * event-loop tick of a run, see lib/runtime/event-recorder.ts) is written in one transaction.
 */
import 'server-only';
import type Database from 'better-sqlite3';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TraceEvent, TraceEventType } from '@/lib/contracts/trace';
import { getDb } from './client';
import { prepared } from './prepared';
import { runEvents, type RunEventRow } from './schema/runs';

function toTraceEvent(row: RunEventRow): TraceEvent {
  const e: TraceEvent = {
    seq: row.seq,
    run_id: row.runId,
    ts: row.ts,
    type: row.type as TraceEventType,
    step: row.step,
    span_id: row.spanId,
    data: row.data,
  };
  if (row.node != null) e.node = row.node;
  if (row.parentSpanId != null) e.parent_span_id = row.parentSpanId;
  return e;
}

interface Statements {
  insert: Database.Statement;
  /** Runs a function in a transaction (a savepoint when one is open already). */
  transaction: (fn: () => void) => void;
}

const statements = (): Statements =>
  prepared('run_events', (client) => ({
    insert: client.prepare('INSERT INTO run_events (run_id, seq, ts, type, step, node, span_id, parent_span_id, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    transaction: client.transaction((fn: () => void) => fn()),
  }));

function insert(stmt: Database.Statement, e: TraceEvent): void {
  stmt.run(e.run_id, e.seq, e.ts, e.type, e.step, e.node ?? null, e.span_id, e.parent_span_id ?? null, JSON.stringify(e.data));
}

export function appendEvent(e: TraceEvent): void {
  insert(statements().insert, e);
}

/**
 * Appends `events` and runs `alsoWrite` (the run row's status, a checkpoint) in one transaction:
 * all of it is stored, or none.
 */
export function appendEvents(events: readonly TraceEvent[], alsoWrite?: () => void): void {
  const { insert: stmt, transaction } = statements();
  transaction(() => {
    for (const e of events) insert(stmt, e);
    alsoWrite?.();
  });
}

/** The per-run reads, prepared once per connection (every SSE connection, run view and resume reads them). */
const eventsAfterQuery = () =>
  prepared('run_events_after', () =>
    getDb()
      .select()
      .from(runEvents)
      .where(and(eq(runEvents.runId, sql.placeholder('runId')), gt(runEvents.seq, sql.placeholder('after'))))
      .orderBy(asc(runEvents.seq))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
const lastSeqQuery = () =>
  prepared('run_events_last_seq', () =>
    getDb()
      .select({ max: sql<number | null>`max(${runEvents.seq})` })
      .from(runEvents)
      .where(eq(runEvents.runId, sql.placeholder('runId')))
      .prepare(),
  );

/** Events with seq > `afterSeq`, in order. */
export function listEvents(runId: string, afterSeq = 0, limit = 100_000): TraceEvent[] {
  return (eventsAfterQuery().all({ runId, after: afterSeq, limit }) as RunEventRow[]).map(toTraceEvent);
}

/** The highest seq recorded for the run (0 when none). */
export function lastSeq(runId: string): number {
  const row = lastSeqQuery().get({ runId }) as { max: number | null } | undefined;
  return Number(row?.max ?? 0);
}

/** The usage query, prepared once per connection (it runs at every run's end and pause). */
const usageQuery = () =>
  prepared('run_usage', () =>
    getDb()
      .select({
        input: sql<number>`coalesce(sum(json_extract(${runEvents.data}, '$."gen_ai.usage.input_tokens"')), 0)`,
        output: sql<number>`coalesce(sum(json_extract(${runEvents.data}, '$."gen_ai.usage.output_tokens"')), 0)`,
        cost: sql<number | null>`sum(json_extract(${runEvents.data}, '$.cost_usd'))`,
      })
      .from(runEvents)
      .where(and(eq(runEvents.runId, sql.placeholder('runId')), eq(runEvents.type, 'llm.response')))
      .prepare(),
  );

/** Token usage summed over the run's llm.response events (gen_ai.usage.* attributes). */
export function sumUsage(runId: string): { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost_usd?: number } {
  const row = usageQuery().get({ runId });
  const input = Number(row?.input ?? 0);
  const output = Number(row?.output ?? 0);
  // cost_usd: the USD of the priced model calls (cost, issue 13), when any call had a price.
  const cost = row?.cost == null ? undefined : Math.round(Number(row.cost) * 1e9) / 1e9;
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output, ...(cost !== undefined ? { cost_usd: cost } : {}) };
}
