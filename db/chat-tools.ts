/**
 * The chat completions API's client tools per run, and which run a client tool call belongs to: the
 * synchronous queries under the async store's SQLite implementation (db/store/sqlite.ts; contract in
 * db/store/ports-conversations.ts ChatToolRepository).
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { notFound } from '@/lib/errors';
import { getDb } from './client';
import { chatToolCalls, chatToolRuns, type ChatClientTool, type ChatToolRunRow } from './schema/chat-tools';
import { checkStorableJson, unmatchable } from './store/storable';

export type { ChatClientTool, ChatToolRunRow } from './schema/chat-tools';

/** A write refused by the run's foreign key: the run does not exist (any more). */
function runGone(err: unknown, runId: string): never {
  if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw notFound(`Run ${runId}`);
  throw err;
}

export function saveChatToolRun(row: { runId: string; node: string; tools: Record<string, ChatClientTool>; toolChoice?: unknown }): void {
  checkStorableJson('the caller tools', row);
  try {
    getDb()
      .insert(chatToolRuns)
      .values({ runId: row.runId, node: row.node, tools: row.tools, toolChoice: row.toolChoice ?? null })
      .run();
  } catch (err) {
    runGone(err, row.runId);
  }
}

export function getChatToolRun(runId: string): ChatToolRunRow | undefined {
  if (unmatchable(runId)) return undefined;
  return getDb().select().from(chatToolRuns).where(eq(chatToolRuns.runId, runId)).get();
}

/** Remembers that these tool call ids were handed to the caller by `runId` (an id handed out again: the latest run). */
export function recordChatToolCalls(runId: string, ids: string[]): void {
  if (!ids.length) return;
  checkStorableJson('the tool call ids', ids);
  try {
    getDb()
      .insert(chatToolCalls)
      .values(ids.map((toolCallId) => ({ toolCallId, runId })))
      .onConflictDoUpdate({ target: chatToolCalls.toolCallId, set: { runId } })
      .run();
  } catch (err) {
    runGone(err, runId);
  }
}

/** The runs these tool call ids were handed out by (distinct). */
export function runsOfToolCalls(ids: string[]): string[] {
  const keys = ids.filter((id) => !unmatchable(id));
  if (!keys.length) return [];
  const rows = getDb().select({ runId: chatToolCalls.runId }).from(chatToolCalls).where(inArray(chatToolCalls.toolCallId, keys)).all();
  return [...new Set(rows.map((r) => r.runId))];
}
