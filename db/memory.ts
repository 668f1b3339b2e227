/** Conversation memory rows (db/schema/memory.ts): one per conversation, graph and node. */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from './client';
import { conversationMemory, type ConversationMemoryRow, type MemoryEntityColumn } from './schema/memory';
import { runs } from './schema/runs';

export interface MemoryKey {
  conversationId: string;
  graphId: string;
  node: string;
}

export interface MemoryValues {
  summary: string | null;
  summarizedTurns: number;
  entities: MemoryEntityColumn[];
  entitiesAtTurn: number;
  turns: number;
}

const where = (k: MemoryKey) =>
  and(eq(conversationMemory.conversationId, k.conversationId), eq(conversationMemory.graphId, k.graphId), eq(conversationMemory.node, k.node));

export function getMemory(k: MemoryKey): ConversationMemoryRow | undefined {
  return getDb().select().from(conversationMemory).where(where(k)).get();
}

export function saveMemory(k: MemoryKey, v: MemoryValues): void {
  const values = { ...v, updatedAt: new Date() };
  getDb()
    .insert(conversationMemory)
    .values({ ...k, ...values })
    .onConflictDoUpdate({ target: [conversationMemory.conversationId, conversationMemory.graphId, conversationMemory.node], set: values })
    .run();
}

/** The most earlier turns a run of a conversation is given (older ones live on in memory summaries). */
const MAX_HISTORY_TURNS = 200;

/**
 * The earlier turns of a conversation on one graph, oldest first: the input and the answer of each
 * of its succeeded runs (a conversation driven through POST /api/graphs/:id/runs with `conversation_id`).
 */
export function conversationTurns(conversationId: string, graphId: string): { input: string; output: unknown }[] {
  const rows = getDb()
    .select({ input: runs.input, output: runs.output })
    .from(runs)
    .where(and(eq(runs.conversationId, conversationId), eq(runs.graphId, graphId), eq(runs.status, 'succeeded')))
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(MAX_HISTORY_TURNS)
    .all();
  return rows.reverse();
}
