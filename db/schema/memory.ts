/**
 * Conversation memory (issue 9): per conversation, graph and node, what the node's `memory:` keeps
 * between runs — the rolling summary of older turns, the extracted entities, and turn counters.
 */
import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { graphs } from './graphs';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export interface MemoryEntityColumn {
  name: string;
  kind: string;
  summary: string;
}

export const conversationMemory = sqliteTable(
  'conversation_memory',
  {
    /** An assistants thread id, or the caller's `conversation_id`. */
    conversationId: text('conversation_id').notNull(),
    graphId: text('graph_id')
      .notNull()
      .references(() => graphs.id, { onDelete: 'cascade' }),
    node: text('node').notNull(),
    /** The running summary of the turns older than the window (null until the first summary). */
    summary: text('summary'),
    /** How many of the conversation's oldest turns the summary covers. */
    summarizedTurns: integer('summarized_turns').notNull().default(0),
    entities: text('entities', { mode: 'json' }).$type<MemoryEntityColumn[]>().notNull().default(sql`'[]'`),
    /** Turn count at the last entity extraction. */
    entitiesAtTurn: integer('entities_at_turn').notNull().default(0),
    /** Turns seen in the latest run. */
    turns: integer('turns').notNull().default(0),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.graphId, t.node] })],
);

export type ConversationMemoryRow = typeof conversationMemory.$inferSelect;
