/**
 * Durable runs: one row per run, its trace events (append-only, numbered per run), its checkpoint
 * after every superstep (the latest resumes a pause or a restart; earlier ones are time travel's
 * fork points). Its model and tool calls are in the call journal (journal.ts).
 */
import type { RunSource } from '@/lib/contracts/runs';
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Checkpoint } from '@/lib/contracts/trace';
import type { RunStatus } from '@/lib/contracts/trace';
import { graphs } from './graphs';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export type RunSourceColumn = RunSource;
/** How a run derives from its parent: a fork from one of its checkpoints, or a replay of it. */
export type RunOriginColumn = 'fork' | 'replay';
export interface RunErrorColumn {
  code: string;
  message: string;
}
export interface RunUsageColumn {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** USD of the run's priced model calls (cost); absent when none had a price. */
  cost_usd?: number;
}

export const runs = sqliteTable(
  'runs',
  {
    id: text('id').primaryKey(),
    graphId: text('graph_id')
      .notNull()
      .references(() => graphs.id, { onDelete: 'cascade' }),
    /** The graph's name when the run started (the graph may be renamed later). */
    graphName: text('graph_name').notNull(),
    /** The graph_versions row the run executes (a resume uses the same document even if the graph was edited since). */
    graphVersion: integer('graph_version'),
    status: text('status').$type<RunStatus>().notNull(),
    input: text('input').notNull(),
    inputs: text('inputs', { mode: 'json' }).$type<Record<string, unknown>>(),
    breakpoints: text('breakpoints', { mode: 'json' }).$type<string[]>(),
    output: text('output', { mode: 'json' }).$type<unknown>(),
    error: text('error', { mode: 'json' }).$type<RunErrorColumn>(),
    usage: text('usage', { mode: 'json' }).$type<RunUsageColumn>(),
    source: text('source').$type<RunSourceColumn>().notNull().default('ui'),
    /** The conversation the run belongs to (memory is kept per conversation): an assistants thread id or the caller's `conversation_id`. */
    conversationId: text('conversation_id'),
    /** The run this one was forked from or replays (time travel). */
    parentRunId: text('parent_run_id').references((): AnySQLiteColumn => runs.id, { onDelete: 'set null' }),
    /** The parent's checkpoint step this run started from (a fork; null for a replay from the start). */
    forkedFromStep: integer('forked_from_step'),
    origin: text('origin').$type<RunOriginColumn>(),
    /** The API key the run was started with (its monthly budget counts the run's cost); no reference: a revoked key's runs stay. */
    apiKeyId: text('api_key_id'),
    /** Every model call of the run goes to this connection instead of the graph's (`demo`: the built-in demo model). */
    connectionOverride: text('connection_override'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('runs_graph_created_idx').on(t.graphId, t.createdAt), index('runs_status_idx').on(t.status), index('runs_parent_idx').on(t.parentRunId), index('runs_api_key_idx').on(t.apiKeyId, t.createdAt), index('runs_conversation_idx').on(t.conversationId, t.createdAt)],
);

export const runEvents = sqliteTable(
  'run_events',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** ISO-8601, as in the trace envelope. */
    ts: text('ts').notNull(),
    type: text('type').notNull(),
    step: integer('step').notNull(),
    node: text('node'),
    spanId: text('span_id').notNull(),
    parentSpanId: text('parent_span_id'),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

/**
 * Every checkpoint of each run, one per superstep (a pause rewrites its step's row with the
 * interrupt). The latest is the row with the highest step (primary key order: a cheap lookup).
 */
export const runCheckpoints = sqliteTable(
  'run_checkpoints',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    checkpoint: text('checkpoint', { mode: 'json' }).$type<Checkpoint>().notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.runId, t.step] })],
);

export type RunRow = typeof runs.$inferSelect;
export type RunEventRow = typeof runEvents.$inferSelect;
