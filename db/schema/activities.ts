/**
 * Activities: the recorded result of each model call and tool call made inside a node, keyed by a
 * deterministic key (lib/engine/activities.ts). A node that runs again after a crash or a pause
 * replays these instead of calling again.
 */
import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { runs } from './runs';

export const activities = sqliteTable(
  'activities',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `llm` or `tool`. */
    kind: text('kind').notNull(),
    result: text('result', { mode: 'json' }).$type<unknown>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
  },
  (t) => [primaryKey({ columns: [t.runId, t.key] })],
);

export type ActivityRow = typeof activities.$inferSelect;
