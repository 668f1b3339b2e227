/**
 * Assistants, threads, thread messages and thread runs of the OpenAI assistants flow: the
 * synchronous queries under the async store's SQLite implementation (db/store/sqlite.ts; contract
 * in db/store/ports-conversations.ts).
 */
import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '@/lib/errors';
import { getDb } from './client';
import { graphs } from './schema/graphs';
import { runs } from './schema/runs';
import { assistants, threadMessages, threadRuns, threads, type AssistantRow, type ThreadMessageRow, type ThreadRow, type ThreadRunRow } from './schema/threads';
import type { NewThreadMessage, ThreadRunWithRun } from './store/ports-conversations';
import { checkStorableJson, unmatchable } from './store/storable';
import type { WorkspaceScope } from './store/ports-workspaces';
import { requireWorkspace } from './workspaces';

export type { AssistantRow, ThreadMessageRow, ThreadRow, ThreadRunRow } from './schema/threads';
export type { NewThreadMessage, ThreadRunWithRun } from './store/ports-conversations';

const exists = (table: typeof graphs | typeof threads | typeof assistants | typeof runs, id: string) =>
  !unmatchable(id) && getDb().select({ id: table.id }).from(table).where(eq(table.id, id)).get() !== undefined;

export function insertAssistant(a: Omit<AssistantRow, 'createdAt'>): AssistantRow {
  checkStorableJson('the assistant', a);
  return getDb().transaction(() => {
    if (!exists(graphs, a.graphId)) throw notFound('graph');
    return getDb().insert(assistants).values({ ...a, createdAt: new Date() }).returning().get();
  });
}

export function getAssistant(id: string): AssistantRow | undefined {
  if (unmatchable(id)) return undefined;
  return getDb().select().from(assistants).where(eq(assistants.id, id)).get();
}

/** The assistants of the scope's graphs, newest first. */
export function listAssistants(scope: WorkspaceScope, limit = 100): AssistantRow[] {
  if (scope.length === 0) return [];
  return getDb()
    .select({ a: assistants })
    .from(assistants)
    .innerJoin(graphs, eq(graphs.id, assistants.graphId))
    .where(inArray(graphs.workspaceId, [...scope]))
    .orderBy(desc(assistants.createdAt), desc(assistants.id))
    .limit(limit)
    .all()
    .map((r) => r.a);
}

export function deleteAssistant(id: string): boolean {
  if (unmatchable(id)) return false;
  return getDb().delete(assistants).where(eq(assistants.id, id)).run().changes > 0;
}

export function insertThread(t: { id: string; workspaceId: string; metadata?: Record<string, string> | null }): ThreadRow {
  checkStorableJson('the thread', t);
  requireWorkspace(getDb(), t.workspaceId);
  const row = getDb()
    .insert(threads)
    .values({ id: t.id, workspaceId: t.workspaceId, metadata: t.metadata ?? null, createdAt: new Date() })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row) throw conflict(`thread ${t.id} exists already`);
  return row;
}

export function getThread(id: string): ThreadRow | undefined {
  if (unmatchable(id)) return undefined;
  return getDb().select().from(threads).where(eq(threads.id, id)).get();
}

export function deleteThread(id: string): boolean {
  if (unmatchable(id)) return false;
  return getDb().delete(threads).where(eq(threads.id, id)).run().changes > 0;
}

/** Appends a message at the end of the thread (seq = max + 1, in one transaction); undefined when the run has its reply already. */
export function appendThreadMessage(m: NewThreadMessage): ThreadMessageRow | undefined {
  checkStorableJson('the message', m);
  const db = getDb();
  return db.transaction(() => {
    if (!exists(threads, m.threadId)) throw notFound('thread');
    if (m.runId && db.select({ id: threadMessages.id }).from(threadMessages).where(eq(threadMessages.runId, m.runId)).get()) return undefined;
    const next =
      (db
        .select({ max: sql<number | null>`max(${threadMessages.seq})` })
        .from(threadMessages)
        .where(eq(threadMessages.threadId, m.threadId))
        .get()?.max ?? 0) + 1;
    return db
      .insert(threadMessages)
      .values({
        id: m.id,
        threadId: m.threadId,
        seq: next,
        role: m.role,
        content: m.content,
        assistantId: m.assistantId ?? null,
        runId: m.runId ?? null,
        metadata: m.metadata ?? null,
        createdAt: new Date(),
      })
      .returning()
      .get();
  });
}

export function listThreadMessages(threadId: string): ThreadMessageRow[] {
  if (unmatchable(threadId)) return [];
  return getDb().select().from(threadMessages).where(eq(threadMessages.threadId, threadId)).orderBy(asc(threadMessages.seq)).all();
}

/** Run ids that already have their assistant reply in the thread. */
export function repliedRunIds(threadId: string): Set<string> {
  if (unmatchable(threadId)) return new Set();
  const rows = getDb()
    .select({ runId: threadMessages.runId })
    .from(threadMessages)
    .where(and(eq(threadMessages.threadId, threadId), isNotNull(threadMessages.runId)))
    .all();
  return new Set(rows.map((r) => r.runId!));
}

export function insertThreadRun(r: ThreadRunRow): void {
  checkStorableJson('the thread run', r);
  getDb().transaction(() => {
    for (const [table, id, what] of [[runs, r.runId, 'run'], [threads, r.threadId, 'thread'], [assistants, r.assistantId, 'assistant']] as const) {
      if (!exists(table, id)) throw notFound(what);
    }
    try {
      getDb().insert(threadRuns).values(r).run();
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new AppError('conflict', `run ${r.runId} is linked to a thread already`);
      throw err;
    }
  });
}

export function getThreadRun(threadId: string, runId: string): ThreadRunWithRun | undefined {
  if (unmatchable(threadId) || unmatchable(runId)) return undefined;
  const row = getDb()
    .select()
    .from(threadRuns)
    .innerJoin(runs, eq(runs.id, threadRuns.runId))
    .where(and(eq(threadRuns.threadId, threadId), eq(threadRuns.runId, runId)))
    .get();
  return row ? { link: row.thread_runs, run: row.runs } : undefined;
}

export function listThreadRuns(threadId: string): ThreadRunWithRun[] {
  if (unmatchable(threadId)) return [];
  return getDb()
    .select()
    .from(threadRuns)
    .innerJoin(runs, eq(runs.id, threadRuns.runId))
    .where(eq(threadRuns.threadId, threadId))
    .orderBy(asc(runs.createdAt), asc(runs.id))
    .all()
    .map((row) => ({ link: row.thread_runs, run: row.runs }));
}
