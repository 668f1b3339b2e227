/**
 * Stored responses of the Responses API (db/schema/responses.ts) in the async store. Same failure
 * rules as every repository: unknown ids are `undefined`/false, text holding a NUL character is
 * `bad_request` on writes and "no such row" on lookups.
 */
import type { ConversationItemRow, ResponseRow } from '../schema/responses';

export type { ConversationItemRow, ResponseRow };

export type NewResponse = Omit<ResponseRow, 'createdAt' | 'response'>;

export interface ResponseRepository {
  /** conflict: the id is taken; not_found: no such workspace or run. */
  insert(r: NewResponse): Promise<ResponseRow>;
  get(id: string): Promise<ResponseRow | undefined>;
  /** Keeps the settled response object; false when there is no such response. */
  settle(id: string, response: Record<string, unknown>): Promise<boolean>;
  /** false when there was none. The run stays. */
  delete(id: string): Promise<boolean>;
}

/** Items kept for a /v1 conversation (db/schema/responses.ts conversationItems). */
export interface ConversationItemRepository {
  /** Appends the items in order. not_found: no such conversation; conflict: an item id is taken (nothing written). */
  append(conversationId: string, items: { id: string; runId?: string | null; item: Record<string, unknown> }[]): Promise<ConversationItemRow[]>;
  /** In order. */
  list(conversationId: string): Promise<ConversationItemRow[]>;
  get(conversationId: string, id: string): Promise<ConversationItemRow | undefined>;
  /** false when there was none. */
  delete(conversationId: string, id: string): Promise<boolean>;
}
