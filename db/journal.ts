/**
 * The call journal (schema/journal.ts): every finished model and tool call of each run. Rows are
 * written by the run's journal port (lib/runtime/run-journal.ts) inside the transaction of the step
 * commit that records the call's trace events; the hot statements are prepared once per connection.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from './client';
import { prepared } from './prepared';
import { runJournal, type JournalUsageColumn, type RunJournalRow } from './schema/journal';

export type { RunJournalRow } from './schema/journal';

/** One journal row as written (`result` and `usage` already JSON text: serialized when the call finished). */
export interface JournalRowInput {
  key: string;
  kind: 'llm' | 'tool';
  node: string;
  requestHash: string | null;
  resultJson: string;
  error: string | null;
  usage: JournalUsageColumn | null;
  reused: boolean;
  startedAt: number | null;
  latencyMs: number | null;
}

const statements = () =>
  prepared('run_journal', (client) => ({
    // The first record of a key wins: a call recalled after a crash is never recorded twice.
    insert: client.prepare(
      'INSERT INTO run_journal (run_id, key, kind, node, request_hash, result, error, usage, reused, started_at, latency_ms, created_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, key) DO NOTHING',
    ),
    byKey: client.prepare('SELECT kind, result FROM run_journal WHERE run_id = ? AND key = ?'),
    any: client.prepare('SELECT 1 AS one FROM run_journal WHERE run_id = ? LIMIT 1'),
    count: client.prepare('SELECT count(*) AS n FROM run_journal WHERE run_id = ? AND kind = ? AND node = ? AND request_hash = ?'),
    nth: client.prepare('SELECT result FROM run_journal WHERE run_id = ? AND kind = ? AND node = ? AND request_hash = ? ORDER BY id LIMIT 1 OFFSET ?'),
  }));

/** Writes rows of one run (call inside the step commit's transaction). */
export function insertJournalRows(runId: string, rows: readonly JournalRowInput[]): void {
  const { insert } = statements();
  const at = Date.now();
  for (const r of rows) {
    insert.run(runId, r.key, r.kind, r.node, r.requestHash, r.resultJson, r.error, r.usage ? JSON.stringify(r.usage) : null, r.reused ? 1 : 0, r.startedAt, r.latencyMs, at);
  }
}

/** The recorded call of `runId` with attempt key `key`. */
export function journalEntry(runId: string, key: string): { kind: string; result: unknown } | undefined {
  const row = statements().byKey.get(runId, key) as { kind: string; result: string } | undefined;
  return row ? { kind: row.kind, result: JSON.parse(row.result) } : undefined;
}

/** True when the run has recorded any call. */
export function hasJournal(runId: string): boolean {
  return statements().any.get(runId) !== undefined;
}

/** How many calls of `node` with this request the run recorded. */
export function countJournalCalls(runId: string, kind: 'llm' | 'tool', node: string, requestHash: string): number {
  const row = statements().count.get(runId, kind, node, requestHash) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The result of the `n`-th (from 0) call of `node` with this request, in the order they were recorded. */
export function nthJournalCall(runId: string, kind: 'llm' | 'tool', node: string, requestHash: string, n: number): { result: unknown } | undefined {
  const row = statements().nth.get(runId, kind, node, requestHash, n) as { result: string } | undefined;
  return row ? { result: JSON.parse(row.result) } : undefined;
}

/** The run's recorded calls in the order they were recorded. */
export function listJournal(runId: string): RunJournalRow[] {
  return getDb().select().from(runJournal).where(eq(runJournal.runId, runId)).orderBy(asc(runJournal.id)).all();
}
