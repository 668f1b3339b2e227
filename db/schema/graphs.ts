/**
 * Saved graphs and their version history. `graphs.document` always holds the current, validated
 * document (the same as the latest row of `graph_versions`); `name` and `description` mirror it so
 * they can be listed and looked up without parsing JSON.
 */
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import type { GraphDocument } from '@/lib/graph/schema';
import type { Problem } from '@/lib/graph/problems';
import { workspaces } from './auth';

/** An edit that does not validate yet: kept as the working draft with its problems (runs use `document`). */
export interface GraphDraftColumn {
  /** The document as the editor last sent it (not validated: may be anything object-shaped). */
  document: Record<string, unknown>;
  problems: Problem[];
  /** Epoch ms of the draft's last save. */
  updatedAt: number;
}

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const graphs = sqliteTable(
  'graphs',
  {
    id: text('id').primaryKey(),
    /** The workspace the graph (its versions, runs, tests and memory) belongs to; names are unique within it. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    name: text('name').notNull(),
    description: text('description'),
    document: text('document', { mode: 'json' }).$type<GraphDocument>().notNull(),
    /** The latest version number in graph_versions. */
    version: integer('version').notNull().default(1),
    /** The working draft when the last edit did not validate (cleared when an edit validates). */
    draft: text('draft', { mode: 'json' }).$type<GraphDraftColumn>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('graphs_workspace_name_unique').on(t.workspaceId, t.name), index('graphs_updated_at_idx').on(t.updatedAt)],
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
    /** What the author wrote when saving this version ("Save version"); null for autosaved versions. */
    note: text('note'),
    /** True for a version the editor's autosave made: later logic edits within the quiet period replace it. */
    auto: integer('auto', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** Last time this version's document changed (a layout-only save, or a coalesced autosave). */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
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
