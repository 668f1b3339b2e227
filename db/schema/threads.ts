/**
 * The OpenAI assistants flow (seed 003): an assistant names a graph, a thread holds messages, and
 * a thread run is a graph run over the thread's messages (its row in `runs` holds the status).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { workspaces } from './auth';
import { graphs } from './graphs';
import { runs } from './runs';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const assistants = sqliteTable('assistants', {
  id: text('id').primaryKey(),
  graphId: text('graph_id')
    .notNull()
    .references(() => graphs.id, { onDelete: 'cascade' }),
  name: text('name'),
  description: text('description'),
  instructions: text('instructions'),
  tools: text('tools', { mode: 'json' }).$type<unknown[]>(),
  metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export const threads = sqliteTable('threads', {
  id: text('id').primaryKey(),
  /** The workspace the thread belongs to (its runs are of that workspace's graphs). */
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id),
  metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export const threadMessages = sqliteTable(
  'thread_messages',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    /** Order within the thread. */
    seq: integer('seq').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    assistantId: text('assistant_id'),
    /** For an assistant reply: the run that produced it (at most one reply per run). */
    runId: text('run_id'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('thread_messages_thread_seq_unique').on(t.threadId, t.seq), uniqueIndex('thread_messages_run_unique').on(t.runId)],
);

export const threadRuns = sqliteTable(
  'thread_runs',
  {
    runId: text('run_id')
      .primaryKey()
      .references(() => runs.id, { onDelete: 'cascade' }),
    threadId: text('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    assistantId: text('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    instructions: text('instructions'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>(),
  },
  (t) => [index('thread_runs_thread_idx').on(t.threadId)],
);

export type AssistantRow = typeof assistants.$inferSelect;
export type ThreadRow = typeof threads.$inferSelect;
export type ThreadMessageRow = typeof threadMessages.$inferSelect;
export type ThreadRunRow = typeof threadRuns.$inferSelect;
