/**
 * Publishing and sharing a graph (issue 22, parts 2 and 3). `graph_publications` points at the
 * version outside callers run (/api/v1, MCP, A2A, the public chat and embed: lib/runtime/published.ts);
 * a graph without a row keeps running its newest version. `graph_shares` holds who may open the
 * graph's public chat (`/c/<token>`), its welcome text, suggested prompts, the origins that may
 * embed it and the limits public visitors get. Both go with their graph (cascade).
 */
import { sql } from 'drizzle-orm';
import { integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { graphs } from './graphs';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const graphPublications = sqliteTable('graph_publications', {
  graphId: text('graph_id')
    .primaryKey()
    .references(() => graphs.id, { onDelete: 'cascade' }),
  /** The published version (a row of graph_versions of this graph). */
  version: integer('version').notNull(),
  /** What the publisher wrote ("why this version is live"). */
  note: text('note'),
  /** The user who published (null: a caller without an account, e.g. accounts off). */
  publishedBy: text('published_by'),
  publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

/** Who may open the public chat: nobody (the URL is a 404), signed-in members of the graph's workspace, or anyone with the link. */
export const SHARE_ACCESS = ['off', 'signed_in', 'link'] as const;
export type ShareAccess = (typeof SHARE_ACCESS)[number];

export const graphShares = sqliteTable(
  'graph_shares',
  {
    graphId: text('graph_id')
      .primaryKey()
      .references(() => graphs.id, { onDelete: 'cascade' }),
    access: text('access', { enum: SHARE_ACCESS }).notNull().default('off'),
    /** The unguessable part of `/c/<token>` (regenerating it retires the old link). */
    token: text('token').notNull(),
    /** The first message visitors see (plain text, shown as markdown). */
    welcome: text('welcome'),
    /** Prompts offered as buttons before the first message. */
    suggestions: text('suggestions', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Origins (scheme://host[:port]) whose pages may frame the chat and call its API. */
    allowedOrigins: text('allowed_origins', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Messages one visitor may send per minute. */
    visitorPerMinute: integer('visitor_per_minute').notNull().default(10),
    /** USD the public chat may spend per UTC day (runs with source `public`); null: no cap. */
    dailyCostUsd: real('daily_cost_usd'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('graph_shares_token_unique').on(t.token)],
);

export type GraphPublicationRow = typeof graphPublications.$inferSelect;
export type GraphShareRow = typeof graphShares.$inferSelect;
