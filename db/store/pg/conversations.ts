/** Conversations on Postgres, natively (db/store/ports-conversations.ts), as db/conversations.ts keeps them on SQLite. */
import 'server-only';
import { and, desc, eq, gt, gte, inArray, or } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/errors';
import { conversationMemory, conversations, graphs, runs } from '../../schema-pg';
import type { RunRow } from '../../schema/runs';
import { listFilters, listLimit, turnsWhere, updateValues } from '../conversation-rules';
import { MAX_CONVERSATION_TURNS, type ConversationRepository, type ConversationRow } from '../ports-conversations';
import { checkStorableJson, unmatchable } from '../storable';
import { pgDb, type PgConn } from './db';
import { requireWorkspace } from './workspaces';

/** Detaches the conversation's runs (`since` and those after it in turn order, else all) and deletes its memory; the number detached. */
async function detach(tx: PgConn, c: ConversationRow, since?: { at: Date; id: string }): Promise<number> {
  const ofWorkspace = tx.select({ id: graphs.id }).from(graphs).where(eq(graphs.workspaceId, c.workspaceId));
  const ofGraph = (col: typeof runs.graphId) => (c.graphId ? [eq(col, c.graphId)] : []);
  const detached = await tx
    .update(runs)
    .set({ conversationId: null })
    .where(and(eq(runs.conversationId, c.id), inArray(runs.graphId, ofWorkspace), ...ofGraph(runs.graphId), ...(since ? [or(gt(runs.createdAt, since.at), and(eq(runs.createdAt, since.at), gte(runs.id, since.id)))!] : [])))
    .returning({ id: runs.id });
  await tx.delete(conversationMemory).where(and(eq(conversationMemory.conversationId, c.id), inArray(conversationMemory.graphId, ofWorkspace), ...ofGraph(conversationMemory.graphId)));
  return detached.length;
}

export const pgConversations: ConversationRepository = {
  async create(c) {
    checkStorableJson('the conversation', c);
    return (await pgDb()).transaction(async (tx) => {
      await requireWorkspace(tx, c.workspaceId);
      if (c.graphId !== null) {
        const [g] = await tx.select({ workspaceId: graphs.workspaceId }).from(graphs).where(eq(graphs.id, c.graphId)).for('share');
        if (!g || g.workspaceId !== c.workspaceId) throw notFound(`graph "${c.graphId}" in workspace "${c.workspaceId}"`);
      }
      const at = new Date();
      const [row] = await tx
        .insert(conversations)
        .values({ id: c.id, workspaceId: c.workspaceId, graphId: c.graphId, title: c.title ?? null, source: c.source, visitorId: c.visitorId ?? null, metadata: c.metadata ?? null, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(`conversation ${c.id} exists already`);
      return row as ConversationRow;
    });
  },
  async get(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(conversations).where(eq(conversations.id, id));
    return row as ConversationRow | undefined;
  },
  async list(scope, opts = {}) {
    const where = listFilters({ workspaceId: conversations.workspaceId, graphId: conversations.graphId, source: conversations.source, visitorId: conversations.visitorId }, scope, opts);
    if (!where) return [];
    return (await (await pgDb())
      .select()
      .from(conversations)
      .where(and(...where))
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(listLimit(opts))) as ConversationRow[];
  },
  async update(id, patch) {
    checkStorableJson('the conversation', patch);
    if (unmatchable(id)) return undefined;
    return (await pgDb()).transaction(async (tx) => {
      const [current] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
      if (!current) return undefined;
      const [row] = await tx.update(conversations).set(updateValues(current as ConversationRow, patch)).where(eq(conversations.id, id)).returning();
      return row as ConversationRow;
    });
  },
  async delete(id) {
    if (unmatchable(id)) return false;
    return (await pgDb()).transaction(async (tx) => {
      const [c] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
      if (!c) return false;
      await detach(tx, c as ConversationRow);
      await tx.delete(conversations).where(eq(conversations.id, id));
      return true;
    });
  },
  async truncate(id, fromRunId) {
    if (unmatchable(id) || unmatchable(fromRunId)) throw notFound(`run ${fromRunId} in conversation ${id}`);
    return (await pgDb()).transaction(async (tx) => {
      const [c] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
      if (!c) throw notFound(`conversation ${id}`);
      const [from] = await tx
        .select({ createdAt: runs.createdAt })
        .from(runs)
        .innerJoin(graphs, eq(graphs.id, runs.graphId))
        .where(and(turnsWhere(c as ConversationRow, { conversationId: runs.conversationId, graphId: runs.graphId }, { workspaceId: graphs.workspaceId }), eq(runs.id, fromRunId)));
      if (!from) throw notFound(`run ${fromRunId} in conversation ${id}`);
      const n = await detach(tx, c as ConversationRow, { at: from.createdAt as Date, id: fromRunId });
      await tx.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, id));
      return n;
    });
  },
  async turns(id) {
    const c = await pgConversations.get(id);
    if (!c) return [];
    const rows = await (await pgDb())
      .select({ run: runs })
      .from(runs)
      .innerJoin(graphs, eq(graphs.id, runs.graphId))
      .where(turnsWhere(c, { conversationId: runs.conversationId, graphId: runs.graphId }, { workspaceId: graphs.workspaceId }))
      .orderBy(desc(runs.createdAt), desc(runs.id))
      .limit(MAX_CONVERSATION_TURNS);
    return rows.map((r) => r.run as RunRow).reverse();
  },
};
