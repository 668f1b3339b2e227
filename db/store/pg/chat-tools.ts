/** The chat completions API's client tools on Postgres, natively (ChatToolRepository, db/store/ports-conversations.ts), as db/chat-tools.ts keeps them on SQLite. */
import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { notFound } from '@/lib/errors';
import { chatToolCalls, chatToolRuns } from '../../schema-pg';
import { checkStorableJson, unmatchable } from '../storable';
import type { ChatToolRepository, ChatToolRunRow } from '../ports';
import { pgCode, pgDb } from './db';

/** A write refused by the run's foreign key (SQLSTATE 23503): the run does not exist (any more). */
function runGone(err: unknown, runId: string): never {
  if (pgCode(err) === '23503') throw notFound(`Run ${runId}`);
  throw err;
}

export const pgChatTools: ChatToolRepository = {
  async saveRun(row) {
    checkStorableJson('the caller tools', row);
    try {
      await (await pgDb()).insert(chatToolRuns).values({ runId: row.runId, node: row.node, tools: row.tools, toolChoice: row.toolChoice ?? null });
    } catch (err) {
      runGone(err, row.runId);
    }
  },
  async getRun(runId) {
    if (unmatchable(runId)) return undefined;
    const [row] = await (await pgDb()).select().from(chatToolRuns).where(eq(chatToolRuns.runId, runId));
    return row as ChatToolRunRow | undefined;
  },
  async recordCalls(runId, ids) {
    if (!ids.length) return;
    checkStorableJson('the tool call ids', ids);
    try {
      await (await pgDb())
        .insert(chatToolCalls)
        .values([...new Set(ids)].map((toolCallId) => ({ toolCallId, runId })))
        .onConflictDoUpdate({ target: chatToolCalls.toolCallId, set: { runId: sql`excluded.run_id` } });
    } catch (err) {
      runGone(err, runId);
    }
  },
  async runsOfCalls(ids) {
    const keys = ids.filter((id) => !unmatchable(id));
    if (!keys.length) return [];
    const rows = (await (await pgDb()).select({ runId: chatToolCalls.runId }).from(chatToolCalls).where(inArray(chatToolCalls.toolCallId, keys))) as { runId: string }[];
    return [...new Set(rows.map((r) => r.runId))];
  },
};
