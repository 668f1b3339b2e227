/**
 * The Responses API (issue 24, lib/runtime/openai/responses.ts): each stored response is one turn of
 * a run — a new run, or the continuation of a run that handed the caller function calls. The
 * request, its input items (with their ids) and, once the turn has settled, the response object as
 * the caller was answered are kept for GET /v1/responses/{id}, `input_items` and `previous_response_id`.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { workspaces } from './auth';
import { conversations } from './conversations';
import { runs } from './runs';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const responses = sqliteTable(
  'responses',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The run this turn started or continued (the response goes with it). */
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    previousResponseId: text('previous_response_id'),
    conversationId: text('conversation_id'),
    /** The request's echoed fields (model, instructions, tools, tool_choice, sampling, metadata, background...). */
    request: text('request', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** The input items with their ids, as given (a string input is one user message). */
    inputItems: text('input_items', { mode: 'json' }).$type<Record<string, unknown>[]>().notNull(),
    /** The response object once the turn settled (completed, incomplete, failed or cancelled); null while it runs. */
    response: text('response', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('responses_run').on(t.runId)],
);

export type ResponseRow = typeof responses.$inferSelect;

/**
 * Items of a /v1 conversation (db/schema/conversations.ts) that are not plain turns: those added with
 * POST /v1/conversations/{id}/items and the input and output items of responses run in it (with
 * their function calls). A conversation's other turns (runs with its id, e.g. from the editor's
 * chat) are listed from the runs themselves.
 */
export const conversationItems = sqliteTable(
  'conversation_items',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The run whose turn the item belongs to; null for an item added by hand. */
    runId: text('run_id'),
    /** Order in the conversation (appends take the time in µs plus their index). */
    seq: integer('seq').notNull(),
    item: text('item', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('conversation_items_order').on(t.conversationId, t.seq)],
);

export type ConversationItemRow = typeof conversationItems.$inferSelect;
