/**
 * The call journal: every finished model and tool call made inside a node, one row each, written in
 * the same transaction as the step's trace events (lib/runtime/run-journal.ts). A node run again
 * after a pause or a crash recalls its own calls from here by attempt key; a replay run (time
 * travel) and a cassette export reuse them by node and request digest (lib/engine/journal.ts).
 */
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { runs } from './runs';

/** Token usage of a model call, as the model port reported it. */
export interface JournalUsageColumn {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export const runJournal = sqliteTable(
  'run_journal',
  {
    /**
     * Order of recording within the database (a reuse takes a node's n-th identical call in this
     * order). The rowid, not AUTOINCREMENT: rows are only appended (and deleted with their run), so
     * ids still grow within a run, and a commit skips the `sqlite_sequence` write.
     */
    id: integer('id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    /** The call's attempt key (lib/engine/attempt-keys.ts): the same on every attempt of its node. */
    key: text('key').notNull(),
    /** `llm` or `tool`. */
    kind: text('kind').$type<'llm' | 'tool'>().notNull(),
    /** The node that made the call ('' for calls recorded before nodes were kept). */
    node: text('node').notNull(),
    /** sha256 of the canonical request (lib/runtime/cassette.ts); null for calls recorded before digests were kept. */
    requestHash: text('request_hash'),
    /** A model call's reply (ChatResult), a tool call's result (ToolResult, with `error` when it failed). */
    result: text('result', { mode: 'json' }).$type<unknown>().notNull(),
    /** The error the model was told, when a tool call failed. */
    error: text('error'),
    usage: text('usage', { mode: 'json' }).$type<JournalUsageColumn>(),
    /** 1 when the result was reused from another run's journal or a cassette (not paid for by this run). */
    reused: integer('reused', { mode: 'boolean' }).notNull().default(false),
    /** When the call started (ms since the epoch, the run's clock) and how long it took. */
    startedAt: integer('started_at'),
    latencyMs: integer('latency_ms'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
  },
  // One index: recall is by (run, key); a reuse (replay, cassette) reads one run's rows, which the
  // same index's run prefix finds. A second index on (run, kind, node, digest) made each step's
  // commit write one more b-tree (README, Performance).
  (t) => [uniqueIndex('run_journal_run_key_idx').on(t.runId, t.key)],
);

export type RunJournalRow = typeof runJournal.$inferSelect;
