/**
 * Conversations in the async store (db/store/ports.ts): what a node's `memory:` keeps per
 * conversation, graph and node, and a conversation's earlier turns. Same failure rules as every
 * repository: unknown keys are `undefined`/empty, text holding a NUL character is `bad_request` on
 * writes and "no such row" on lookups.
 */
import type { ConversationMemoryRow, MemoryEntityColumn } from '../schema/memory';

export type { ConversationMemoryRow, MemoryEntityColumn };

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

/** The most earlier turns a run of a conversation is given (older ones live on in memory summaries). */
export const MAX_HISTORY_TURNS = 200;

export interface MemoryRepository {
  get(key: MemoryKey): Promise<ConversationMemoryRow | undefined>;
  /** Creates or replaces the node's memory in the conversation. not_found: no such graph. */
  save(key: MemoryKey, values: MemoryValues): Promise<void>;
  /**
   * The earlier turns of a conversation on one graph, oldest first: the input and the answer of
   * each of its succeeded runs, the newest MAX_HISTORY_TURNS of them.
   */
  turns(conversationId: string, graphId: string): Promise<{ input: string; output: unknown }[]>;
}
