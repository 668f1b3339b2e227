/**
 * Saved graphs and their version history. `graphs.document` always holds the current, validated
 * document (the same as the latest row of `graph_versions`); `name` and `description` mirror it so
 * they can be listed and looked up without parsing JSON.
 */
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import type { GraphDocument } from '@/lib/graph/schema';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const graphs = sqliteTable(
  'graphs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    document: text('document', { mode: 'json' }).$type<GraphDocument>().notNull(),
    /** The latest version number in graph_versions. */
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('graphs_name_unique').on(t.name), index('graphs_updated_at_idx').on(t.updatedAt)],
);

export const graphVersions = sqliteTable(
  'graph_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    graphId: text('graph_id')
      .notNull()
      .references(() => graphs.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: text('document', { mode: 'json' }).$type<GraphDocument>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('graph_versions_graph_version_unique').on(t.graphId, t.version)],
);

/** Small key/value facts about this database, e.g. `examples_seeded`. */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export type GraphRow = typeof graphs.$inferSelect;
export type GraphVersionRow = typeof graphVersions.$inferSelect;
