/**
 * MCP servers the operator configured in Settings (streamable HTTP or SSE, by URL). Header values
 * (credentials) are sealed at rest like connection secrets (db/secret-box.ts) and never returned by
 * the API. stdio servers come only from the server's own config (SWITCHYARD_MCP_STDIO), never here.
 */
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { workspaces } from './auth';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const mcpServers = sqliteTable('mcp_servers', {
  name: text('name').primaryKey(),
  /** null: instance-wide (every workspace sees it); else the one workspace that sees it. */
  workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  /** `http` (streamable HTTP) or `sse` (the older HTTP+SSE transport). */
  transport: text('transport', { enum: ['http', 'sse'] }).notNull(),
  url: text('url').notNull(),
  headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export type McpServerRow = typeof mcpServers.$inferSelect;
