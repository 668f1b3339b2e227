/**
 * Conversations (db/schema/conversations.ts): the synchronous queries under the async store's
 * SQLite implementation (db/store/sqlite.ts; contract in db/store/ports-conversations.ts).
 */
import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/errors';
import { getDb } from './client';
import { conversations, type ConversationRow } from './schema/conversations';
import { graphs } from './schema/graphs';
import { conversationMemory } from './schema/memory';
import { runs, type RunRow } from './schema/runs';
import { listFilters, listLimit, turnsWhere, updateValues, type ConversationPatch } from './store/conversation-rules';
import { MAX_CONVERSATION_TURNS, type ConversationListOptions, type NewConversation } from './store/ports-conversations';
import type { WorkspaceScope } from './store/ports-workspaces';
import { checkStorableJson, unmatchable } from './store/storable';
import { requireWorkspace } from './workspaces';

export type { ConversationRow } from './schema/conversations';

export function createConversation(c: NewConversation): ConversationRow {
  checkStorableJson('the conversation', c);
  const db = getDb();
  return db.transaction((tx) => {
    requireWorkspace(tx, c.workspaceId);
    if (c.graphId !== null) {
      const g = tx.select({ workspaceId: graphs.workspaceId }).from(graphs).where(eq(graphs.id, c.graphId)).get();
      if (!g || g.workspaceId !== c.workspaceId) throw notFound(`graph "${c.graphId}" in workspace "${c.workspaceId}"`);
    }
    const at = new Date();
    const row = tx
      .insert(conversations)
      .values({ id: c.id, workspaceId: c.workspaceId, graphId: c.graphId, title: c.title ?? null, source: c.source, visitorId: c.visitorId ?? null, metadata: c.metadata ?? null, createdAt: at, updatedAt: at })
      .onConflictDoNothing()
      .returning()
      .get();
    if (!row) throw conflict(`conversation ${c.id} exists already`);
    return row;
  });
}

export function getConversation(id: string): ConversationRow | undefined {
  if (unmatchable(id)) return undefined;
  return getDb().select().from(conversations).where(eq(conversations.id, id)).get();
}

export function listConversations(scope: WorkspaceScope, opts: ConversationListOptions = {}): ConversationRow[] {
  const where = listFilters(conversations, scope, opts);
  if (!where) return [];
  return getDb()
    .select()
    .from(conversations)
    .where(and(...where))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(listLimit(opts))
    .all();
}

export function updateConversation(id: string, patch: ConversationPatch): ConversationRow | undefined {
  checkStorableJson('the conversation', patch);
  if (unmatchable(id)) return undefined;
  const db = getDb();
  return db.transaction((tx) => {
    const current = tx.select().from(conversations).where(eq(conversations.id, id)).get();
    if (!current) return undefined;
    return tx.update(conversations).set(updateValues(current, patch)).where(eq(conversations.id, id)).returning().get();
  });
}

export function deleteConversation(id: string): boolean {
  if (unmatchable(id)) return false;
  const db = getDb();
  return db.transaction((tx) => {
    const c = tx.select().from(conversations).where(eq(conversations.id, id)).get();
    if (!c) return false;
    const ofWorkspace = tx.select({ id: graphs.id }).from(graphs).where(eq(graphs.workspaceId, c.workspaceId));
    const ofGraph = (col: typeof runs.graphId | typeof conversationMemory.graphId) => (c.graphId ? [eq(col, c.graphId)] : []);
    tx.update(runs).set({ conversationId: null }).where(and(eq(runs.conversationId, id), inArray(runs.graphId, ofWorkspace), ...ofGraph(runs.graphId))).run();
    tx.delete(conversationMemory).where(and(eq(conversationMemory.conversationId, id), inArray(conversationMemory.graphId, ofWorkspace), ...ofGraph(conversationMemory.graphId))).run();
    tx.delete(conversations).where(eq(conversations.id, id)).run();
    return true;
  });
}

export function conversationTurnRuns(id: string): RunRow[] {
  const c = getConversation(id);
  if (!c) return [];
  const rows = getDb()
    .select({ run: runs })
    .from(runs)
    .innerJoin(graphs, eq(graphs.id, runs.graphId))
    .where(turnsWhere(c, runs, graphs))
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(MAX_CONVERSATION_TURNS)
    .all();
  return rows.map((r) => r.run).reverse();
}
