/**
 * Saved model connections (Settings). The `default` connection comes from the environment and is
 * never stored here. `api_key` is stored so runs can use it; the API never returns it.
 */
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { workspaces } from './auth';
import type { PriceTable } from '@/lib/graph/prices';

/** What the server behind a connection accepts (absent fields: true). */
export interface ConnectionSupports {
  tools?: boolean;
  stop?: boolean;
  stream_usage?: boolean;
  json_schema?: boolean;
}

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const connections = sqliteTable('connections', {
  name: text('name').primaryKey(),
  /** null: instance-wide (every workspace sees it); else the one workspace that sees it. */
  workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  apiKey: text('api_key'),
  headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
  /** What the server accepts: `tools`, `stop`, `stream_options.include_usage` (null: everything). */
  supports: text('supports', { mode: 'json' }).$type<ConnectionSupports>(),
  /** Model prices in USD per 1M tokens (`*` = every model, `free`); null: the shipped defaults. */
  prices: text('prices', { mode: 'json' }).$type<PriceTable>(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export type ConnectionRow = typeof connections.$inferSelect;
