/** Conversation memory on Postgres, natively (db/store/ports-conversations.ts), as db/memory.ts keeps it on SQLite. */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '@/lib/errors';
import { conversationMemory, runs } from '../../schema-pg';
import { checkStorableJson, unmatchable } from '../storable';
import { MAX_HISTORY_TURNS } from '../ports-conversations';
import type { ConversationMemoryRow, MemoryKey, MemoryRepository } from '../ports';
import { pgCode, pgDb } from './db';

const where = (k: MemoryKey) =>
  and(eq(conversationMemory.conversationId, k.conversationId), eq(conversationMemory.graphId, k.graphId), eq(conversationMemory.node, k.node));

export const pgMemory: MemoryRepository = {
  async get(k) {
    if (unmatchable(k.conversationId) || unmatchable(k.graphId) || unmatchable(k.node)) return undefined;
    const [row] = await (await pgDb()).select().from(conversationMemory).where(where(k));
    return row as ConversationMemoryRow | undefined;
  },
  async save(k, v) {
    checkStorableJson('the memory', { ...k, ...v });
    const values = { ...v, updatedAt: new Date() };
    try {
      await (await pgDb())
        .insert(conversationMemory)
        .values({ ...k, ...values })
        .onConflictDoUpdate({ target: [conversationMemory.conversationId, conversationMemory.graphId, conversationMemory.node], set: values });
    } catch (err) {
      if (pgCode(err) === '23503') throw notFound('graph'); // the graph's foreign key
      throw err;
    }
  },
  async turns(conversationId, graphId) {
    if (unmatchable(conversationId) || unmatchable(graphId)) return [];
    const rows = await (await pgDb())
      .select({ input: runs.input, output: runs.output })
      .from(runs)
      .where(and(eq(runs.conversationId, conversationId), eq(runs.graphId, graphId), eq(runs.status, 'succeeded')))
      .orderBy(desc(runs.createdAt), desc(runs.id))
      .limit(MAX_HISTORY_TURNS);
    return (rows as { input: string; output: unknown }[]).reverse();
  },
};
