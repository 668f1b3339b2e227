/** The Responses API's stored responses and /v1 conversation items on Postgres (db/store/ports-responses.ts), as db/responses.ts keeps them on SQLite. */
import 'server-only';
import { and, asc, eq, max } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/errors';
import { conversationItems, responses } from '../../schema-pg';
import { firstItemSeq } from '../item-seq';
import { checkStorableJson, unmatchable } from '../storable';
import type { ConversationItemRepository, ConversationItemRow, ResponseRepository, ResponseRow } from '../ports';
import { pgCode, pgDb } from './db';

export const pgResponses: ResponseRepository = {
  async insert(r) {
    checkStorableJson('the response', r);
    let row: ResponseRow | undefined;
    try {
      [row] = (await (await pgDb())
        .insert(responses)
        .values({ ...r, createdAt: new Date() })
        .onConflictDoNothing()
        .returning()) as ResponseRow[];
    } catch (err) {
      if (pgCode(err) === '23503') throw notFound(`Workspace ${r.workspaceId} or run ${r.runId}`);
      throw err;
    }
    if (!row) throw conflict(`response ${r.id} exists already`);
    return row;
  },
  async get(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(responses).where(eq(responses.id, id));
    return row as ResponseRow | undefined;
  },
  async settle(id, response) {
    checkStorableJson('the response', response);
    if (unmatchable(id)) return false;
    return (await (await pgDb()).update(responses).set({ response }).where(eq(responses.id, id)).returning({ id: responses.id })).length > 0;
  },
  async delete(id) {
    if (unmatchable(id)) return false;
    return (await (await pgDb()).delete(responses).where(eq(responses.id, id)).returning({ id: responses.id })).length > 0;
  },
};

export const pgConversationItems: ConversationItemRepository = {
  async append(conversationId, items) {
    checkStorableJson('the conversation items', items);
    if (unmatchable(conversationId)) throw notFound(`Conversation ${conversationId}`);
    const now = Date.now();
    const db = await pgDb();
    try {
      return await db.transaction(async (tx) => {
        const out: ConversationItemRow[] = [];
        const [last] = await tx.select({ seq: max(conversationItems.seq) }).from(conversationItems).where(eq(conversationItems.conversationId, conversationId));
        const first = firstItemSeq(now, last?.seq == null ? null : Number(last.seq));
        for (const [i, it] of items.entries()) {
          const [row] = (await tx
            .insert(conversationItems)
            .values({ id: it.id, conversationId, runId: it.runId ?? null, seq: first + i, item: it.item, createdAt: new Date(now) })
            .onConflictDoNothing()
            .returning()) as ConversationItemRow[];
          if (!row) throw conflict(`conversation item ${it.id} exists already`);
          out.push(row);
        }
        return out;
      });
    } catch (err) {
      if (pgCode(err) === '23503') throw notFound(`Conversation ${conversationId}`);
      throw err;
    }
  },
  async list(conversationId) {
    if (unmatchable(conversationId)) return [];
    return (await (await pgDb())
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.conversationId, conversationId))
      .orderBy(asc(conversationItems.seq), asc(conversationItems.id))) as ConversationItemRow[];
  },
  async get(conversationId, id) {
    if (unmatchable(conversationId) || unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(conversationItems).where(and(eq(conversationItems.conversationId, conversationId), eq(conversationItems.id, id)));
    return row as ConversationItemRow | undefined;
  },
  async delete(conversationId, id) {
    if (unmatchable(conversationId) || unmatchable(id)) return false;
    return (await (await pgDb()).delete(conversationItems).where(and(eq(conversationItems.conversationId, conversationId), eq(conversationItems.id, id))).returning({ id: conversationItems.id })).length > 0;
  },
};
