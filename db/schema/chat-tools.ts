/**
 * Client tools of the chat completions API (issue 9 item 7): a run started with the caller's
 * `tools` keeps them here (its entry agent offers them again when it resumes), and each client tool
 * call it paused on is found by its id when the caller's next request answers it.
 */
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { runs } from './runs';

/** A caller's tool as the run offers it: description and JSON Schema parameters. */
export interface ChatClientTool {
  description?: string;
  parameters?: Record<string, unknown>;
}

export const chatToolRuns = sqliteTable('chat_tool_runs', {
  runId: text('run_id')
    .primaryKey()
    .references(() => runs.id, { onDelete: 'cascade' }),
  /** The node the tools were added to (the entry agent). */
  node: text('node').notNull(),
  tools: text('tools', { mode: 'json' }).$type<Record<string, ChatClientTool>>().notNull(),
  /** `required` or `{ type: 'function', function: { name } }`; null: the model chooses. */
  toolChoice: text('tool_choice', { mode: 'json' }).$type<unknown>(),
});

export const chatToolCalls = sqliteTable(
  'chat_tool_calls',
  {
    toolCallId: text('tool_call_id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
  },
  (t) => [index('chat_tool_calls_run').on(t.runId)],
);

export type ChatToolRunRow = typeof chatToolRuns.$inferSelect;
