/**
 * The Responses API's stored responses: the synchronous queries under the async store's SQLite
 * implementation (db/store/sqlite.ts; contract in db/store/ports-responses.ts).
 */
import 'server-only';
import { and, asc, eq, max } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/errors';
import { getDb } from './client';
import { conversationItems, responses, type ConversationItemRow, type ResponseRow } from './schema/responses';
import type { NewResponse } from './store/ports-responses';
import { firstItemSeq } from './store/item-seq';
import { checkStorableJson, unmatchable } from './store/storable';

export function insertResponse(r: NewResponse): ResponseRow {
  checkStorableJson('the response', r);
  let row: ResponseRow | undefined;
  try {
    row = getDb()
      .insert(responses)
      .values({ ...r, createdAt: new Date() })
      .onConflictDoNothing()
      .returning()
      .get();
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw notFound(`Workspace ${r.workspaceId} or run ${r.runId}`);
    throw err;
  }
  if (!row) throw conflict(`response ${r.id} exists already`);
  return row;
}

export function getResponse(id: string): ResponseRow | undefined {
  if (unmatchable(id)) return undefined;
  return getDb().select().from(responses).where(eq(responses.id, id)).get();
}

export function settleResponse(id: string, response: Record<string, unknown>): boolean {
  checkStorableJson('the response', response);
  if (unmatchable(id)) return false;
  return getDb().update(responses).set({ response }).where(eq(responses.id, id)).run().changes > 0;
}

export function deleteResponse(id: string): boolean {
  if (unmatchable(id)) return false;
  return getDb().delete(responses).where(eq(responses.id, id)).run().changes > 0;
}

/** Microseconds since the epoch plus the item's index: the order of a conversation's items. */

export function appendConversationItems(conversationId: string, items: { id: string; runId?: string | null; item: Record<string, unknown> }[]): ConversationItemRow[] {
  checkStorableJson('the conversation items', items);
  if (unmatchable(conversationId)) throw notFound(`Conversation ${conversationId}`);
  const now = Date.now();
  const db = getDb();
  try {
    return db.transaction(() => {
      const last = db.select({ seq: max(conversationItems.seq) }).from(conversationItems).where(eq(conversationItems.conversationId, conversationId)).get();
      const first = firstItemSeq(now, last?.seq);
      return items.map((it, i) => {
        const row = db
          .insert(conversationItems)
          .values({ id: it.id, conversationId, runId: it.runId ?? null, seq: first + i, item: it.item, createdAt: new Date(now) })
          .onConflictDoNothing()
          .returning()
          .get();
        if (!row) throw conflict(`conversation item ${it.id} exists already`);
        return row;
      });
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw notFound(`Conversation ${conversationId}`);
    throw err;
  }
}

export function listConversationItems(conversationId: string): ConversationItemRow[] {
  if (unmatchable(conversationId)) return [];
  return getDb().select().from(conversationItems).where(eq(conversationItems.conversationId, conversationId)).orderBy(asc(conversationItems.seq), asc(conversationItems.id)).all();
}

export function getConversationItem(conversationId: string, id: string): ConversationItemRow | undefined {
  if (unmatchable(conversationId) || unmatchable(id)) return undefined;
  return getDb().select().from(conversationItems).where(and(eq(conversationItems.conversationId, conversationId), eq(conversationItems.id, id))).get();
}

export function deleteConversationItem(conversationId: string, id: string): boolean {
  if (unmatchable(conversationId) || unmatchable(id)) return false;
  return getDb().delete(conversationItems).where(and(eq(conversationItems.conversationId, conversationId), eq(conversationItems.id, id))).run().changes > 0;
}
