/** The chat completions API's client tools per run, and which run a client tool call belongs to. */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { getDb } from './client';
import { chatToolCalls, chatToolRuns, type ChatClientTool, type ChatToolRunRow } from './schema/chat-tools';

export type { ChatClientTool, ChatToolRunRow } from './schema/chat-tools';

export function saveChatToolRun(row: { runId: string; node: string; tools: Record<string, ChatClientTool>; toolChoice?: unknown }): void {
  getDb()
    .insert(chatToolRuns)
    .values({ runId: row.runId, node: row.node, tools: row.tools, toolChoice: row.toolChoice ?? null })
    .run();
}

export function getChatToolRun(runId: string): ChatToolRunRow | undefined {
  return getDb().select().from(chatToolRuns).where(eq(chatToolRuns.runId, runId)).get();
}

/** Remembers that these tool call ids were handed to the caller by `runId` (an id handed out again: the latest run). */
export function recordChatToolCalls(runId: string, ids: string[]): void {
  if (!ids.length) return;
  getDb()
    .insert(chatToolCalls)
    .values(ids.map((toolCallId) => ({ toolCallId, runId })))
    .onConflictDoUpdate({ target: chatToolCalls.toolCallId, set: { runId } })
    .run();
}

/** The runs these tool call ids were handed out by (distinct). */
export function runsOfToolCalls(ids: string[]): string[] {
  if (!ids.length) return [];
  const rows = getDb().select({ runId: chatToolCalls.runId }).from(chatToolCalls).where(inArray(chatToolCalls.toolCallId, ids)).all();
  return [...new Set(rows.map((r) => r.runId))];
}
