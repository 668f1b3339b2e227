/**
 * Conversations (issue 22): one store for every conversation with a graph — the editor's Chat tab
 * (`source: chat`), a published chat's visitors (`public`, with their visitor id), the /v1
 * conversations API (`openai`), assistants threads and A2A contexts. A conversation's items are its
 * turns: the runs whose `conversation_id` is the conversation's id (input and answer of each).
 */
import type { RunSource } from '@/lib/contracts/runs';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { workspaces } from './auth';
import { graphs } from './graphs';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const conversations = sqliteTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    /** The workspace it belongs to (its graph's, when it has one); deleting the workspace deletes it. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The graph it talks to (null: not tied to one graph, e.g. a /v1 conversation); deleted with its graph. */
    graphId: text('graph_id').references(() => graphs.id, { onDelete: 'cascade' }),
    /** Null until named (the editor names it after its first message). */
    title: text('title'),
    /** Where it is held: `chat` (the editor), `public`, `openai`, `a2a`, … (lib/contracts/runs.ts RUN_SOURCES). */
    source: text('source').$type<RunSource>().notNull(),
    /** The published chat's visitor it belongs to (their cookie); null elsewhere. */
    visitorId: text('visitor_id'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** Set by every update and every new turn: lists are newest update first. */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('conversations_graph_updated_idx').on(t.graphId, t.updatedAt),
    index('conversations_workspace_updated_idx').on(t.workspaceId, t.updatedAt),
    index('conversations_visitor_idx').on(t.visitorId),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
