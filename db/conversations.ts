/**
 * Conversations (db/schema/conversations.ts): the synchronous queries under the async store's
 * SQLite implementation (db/store/sqlite.ts; contract in db/store/ports-conversations.ts).
 */
import 'server-only';
import { and, desc, eq, gt, gte, inArray, or } from 'drizzle-orm';
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

type Tx = Parameters<Parameters<ReturnType<typeof getDb>['transaction']>[0]>[0];

/** Detaches the conversation's runs (`since` and those after it in turn order, else all) and deletes its memory; the number detached. */
function detach(tx: Tx, c: ConversationRow, since?: { at: Date; id: string }): number {
  const ofWorkspace = tx.select({ id: graphs.id }).from(graphs).where(eq(graphs.workspaceId, c.workspaceId));
  const ofGraph = (col: typeof runs.graphId | typeof conversationMemory.graphId) => (c.graphId ? [eq(col, c.graphId)] : []);
  const detached = tx
    .update(runs)
    .set({ conversationId: null })
    .where(and(eq(runs.conversationId, c.id), inArray(runs.graphId, ofWorkspace), ...ofGraph(runs.graphId), ...(since ? [or(gt(runs.createdAt, since.at), and(eq(runs.createdAt, since.at), gte(runs.id, since.id)))!] : [])))
    .run().changes;
  tx.delete(conversationMemory).where(and(eq(conversationMemory.conversationId, c.id), inArray(conversationMemory.graphId, ofWorkspace), ...ofGraph(conversationMemory.graphId))).run();
  return detached;
}

export function deleteConversation(id: string): boolean {
  if (unmatchable(id)) return false;
  return getDb().transaction((tx) => {
    const c = tx.select().from(conversations).where(eq(conversations.id, id)).get();
    if (!c) return false;
    detach(tx, c);
    tx.delete(conversations).where(eq(conversations.id, id)).run();
    return true;
  });
}

export function truncateConversation(id: string, fromRunId: string): number {
  if (unmatchable(id) || unmatchable(fromRunId)) throw notFound(`run ${fromRunId} in conversation ${id}`);
  return getDb().transaction((tx) => {
    const c = tx.select().from(conversations).where(eq(conversations.id, id)).get();
    if (!c) throw notFound(`conversation ${id}`);
    const from = tx.select({ run: runs }).from(runs).innerJoin(graphs, eq(graphs.id, runs.graphId)).where(and(turnsWhere(c, runs, graphs), eq(runs.id, fromRunId))).get();
    if (!from) throw notFound(`run ${fromRunId} in conversation ${id}`);
    const n = detach(tx, c, { at: from.run.createdAt, id: from.run.id });
    tx.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, id)).run();
    return n;
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
