/** Conversation memory rows (db/schema/memory.ts): one per conversation, graph and node. */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from './client';
import { conversationMemory, type ConversationMemoryRow, type MemoryEntityColumn } from './schema/memory';
import { runs } from './schema/runs';
import { MAX_HISTORY_TURNS, type MemoryKey, type MemoryValues } from './store/ports-conversations';
import { checkStorableJson, unmatchable } from './store/storable';
import { notFound } from '@/lib/errors';
import { graphs } from './schema/graphs';

export type { MemoryKey, MemoryValues } from './store/ports-conversations';

const unmatchableKey = (k: MemoryKey) => unmatchable(k.conversationId) || unmatchable(k.graphId) || unmatchable(k.node);

const where = (k: MemoryKey) =>
  and(eq(conversationMemory.conversationId, k.conversationId), eq(conversationMemory.graphId, k.graphId), eq(conversationMemory.node, k.node));

export function getMemory(k: MemoryKey): ConversationMemoryRow | undefined {
  if (unmatchableKey(k)) return undefined;
  return getDb().select().from(conversationMemory).where(where(k)).get();
}

export function saveMemory(k: MemoryKey, v: MemoryValues): void {
  checkStorableJson('the memory', { ...k, ...v });
  const values = { ...v, updatedAt: new Date() };
  const db = getDb();
  if (!db.select({ id: graphs.id }).from(graphs).where(eq(graphs.id, k.graphId)).get()) throw notFound('graph');
  db
    .insert(conversationMemory)
    .values({ ...k, ...values })
    .onConflictDoUpdate({ target: [conversationMemory.conversationId, conversationMemory.graphId, conversationMemory.node], set: values })
    .run();
}

/**
 * The earlier turns of a conversation on one graph, oldest first: the input and the answer of each
 * of its succeeded runs (a conversation driven through POST /api/graphs/:id/runs with `conversation_id`).
 */
export function conversationTurns(conversationId: string, graphId: string): { input: string; output: unknown }[] {
  if (unmatchable(conversationId) || unmatchable(graphId)) return [];
  const rows = getDb()
    .select({ input: runs.input, output: runs.output })
    .from(runs)
    .where(and(eq(runs.conversationId, conversationId), eq(runs.graphId, graphId), eq(runs.status, 'succeeded')))
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(MAX_HISTORY_TURNS)
    .all();
  return rows.reverse();
}
