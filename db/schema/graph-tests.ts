/**
 * A graph's tests (issue 13): the text of its `*.test.yaml` file, kept beside the graph (not in
 * the graph document), one row per graph; deleted with the graph.
 */
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { graphs } from './graphs';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const graphTests = sqliteTable('graph_tests', {
  graphId: text('graph_id')
    .primaryKey()
    .references(() => graphs.id, { onDelete: 'cascade' }),
  /** The test file's YAML text, as written (checked by lib/graph/test-schema.ts when saved). */
  yaml: text('yaml').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export type GraphTestsRow = typeof graphTests.$inferSelect;
