/**
 * The append-only trace of each run: events numbered per run (`seq`), in the one envelope shape
 * used by SSE, the DB and export.
 */
import 'server-only';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TraceEvent, TraceEventType } from '@/lib/contracts/trace';
import { getDb } from './client';
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

export function appendEvent(e: TraceEvent): void {
  getDb()
    .insert(runEvents)
    .values({
      runId: e.run_id,
      seq: e.seq,
      ts: e.ts,
      type: e.type,
      step: e.step,
      node: e.node ?? null,
      spanId: e.span_id,
      parentSpanId: e.parent_span_id ?? null,
      data: e.data,
    })
    .run();
}

/** Events with seq > `afterSeq`, in order. */
export function listEvents(runId: string, afterSeq = 0, limit = 100_000): TraceEvent[] {
  return getDb()
    .select()
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, afterSeq)))
    .orderBy(asc(runEvents.seq))
    .limit(limit)
    .all()
    .map(toTraceEvent);
}

/** The highest seq recorded for the run (0 when none). */
export function lastSeq(runId: string): number {
  const row = getDb()
    .select({ max: sql<number | null>`max(${runEvents.seq})` })
    .from(runEvents)
    .where(eq(runEvents.runId, runId))
    .get();
  return row?.max ?? 0;
}

/** Token usage summed over the run's llm.response events (gen_ai.usage.* attributes). */
export function sumUsage(runId: string): { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost_usd?: number } {
  const row = getDb()
    .select({
      input: sql<number>`coalesce(sum(json_extract(${runEvents.data}, '$."gen_ai.usage.input_tokens"')), 0)`,
      output: sql<number>`coalesce(sum(json_extract(${runEvents.data}, '$."gen_ai.usage.output_tokens"')), 0)`,
      cost: sql<number | null>`sum(json_extract(${runEvents.data}, '$.cost_usd'))`,
    })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), eq(runEvents.type, 'llm.response')))
    .get();
  const input = Number(row?.input ?? 0);
  const output = Number(row?.output ?? 0);
  // cost_usd: the USD of the priced model calls (cost, issue 13), when any call had a price.
  const cost = row?.cost == null ? undefined : Math.round(Number(row.cost) * 1e9) / 1e9;
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output, ...(cost !== undefined ? { cost_usd: cost } : {}) };
}
