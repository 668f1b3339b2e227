/** Assistants, threads, thread messages and thread runs of the OpenAI assistants flow. */
import 'server-only';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { getDb } from './client';
import { runs } from './schema/runs';
import {
  assistants,
  threadMessages,
  threadRuns,
  threads,
  type AssistantRow,
  type ThreadMessageRow,
  type ThreadRow,
  type ThreadRunRow,
} from './schema/threads';
import type { RunRow } from './schema/runs';

export type { AssistantRow, ThreadMessageRow, ThreadRow, ThreadRunRow } from './schema/threads';

export function insertAssistant(a: Omit<AssistantRow, 'createdAt'>): AssistantRow {
  return getDb().insert(assistants).values({ ...a, createdAt: new Date() }).returning().get();
}

export function getAssistant(id: string): AssistantRow | undefined {
  return getDb().select().from(assistants).where(eq(assistants.id, id)).get();
}

export function listAssistants(limit = 100): AssistantRow[] {
  return getDb().select().from(assistants).orderBy(desc(assistants.createdAt), desc(assistants.id)).limit(limit).all();
}

export function deleteAssistant(id: string): boolean {
  return getDb().delete(assistants).where(eq(assistants.id, id)).run().changes > 0;
}

export function insertThread(t: { id: string; metadata?: Record<string, string> | null }): ThreadRow {
  return getDb()
    .insert(threads)
    .values({ id: t.id, metadata: t.metadata ?? null, createdAt: new Date() })
    .returning()
    .get();
}

export function getThread(id: string): ThreadRow | undefined {
  return getDb().select().from(threads).where(eq(threads.id, id)).get();
}

export function deleteThread(id: string): boolean {
  return getDb().delete(threads).where(eq(threads.id, id)).run().changes > 0;
}

export interface NewThreadMessage {
  id: string;
  threadId: string;
  role: 'user' | 'assistant';
  content: string;
  assistantId?: string | null;
  runId?: string | null;
  metadata?: Record<string, string> | null;
}

/** Appends a message at the end of the thread (seq = max + 1, in one transaction). */
export function appendThreadMessage(m: NewThreadMessage): ThreadMessageRow {
  const db = getDb();
  return db.transaction(() => {
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
  return getDb().select().from(threadMessages).where(eq(threadMessages.threadId, threadId)).orderBy(asc(threadMessages.seq)).all();
}

/** Run ids that already have their assistant reply in the thread. */
export function repliedRunIds(threadId: string): Set<string> {
  const rows = getDb()
    .select({ runId: threadMessages.runId })
    .from(threadMessages)
    .where(and(eq(threadMessages.threadId, threadId), isNotNull(threadMessages.runId)))
    .all();
  return new Set(rows.map((r) => r.runId!));
}

export function insertThreadRun(r: ThreadRunRow): void {
  getDb().insert(threadRuns).values(r).run();
}

export interface ThreadRunWithRun {
  link: ThreadRunRow;
  run: RunRow;
}

export function getThreadRun(threadId: string, runId: string): ThreadRunWithRun | undefined {
  const row = getDb()
    .select()
    .from(threadRuns)
    .innerJoin(runs, eq(runs.id, threadRuns.runId))
    .where(and(eq(threadRuns.threadId, threadId), eq(threadRuns.runId, runId)))
    .get();
  return row ? { link: row.thread_runs, run: row.runs } : undefined;
}

export function listThreadRuns(threadId: string): ThreadRunWithRun[] {
  return getDb()
    .select()
    .from(threadRuns)
    .innerJoin(runs, eq(runs.id, threadRuns.runId))
    .where(eq(threadRuns.threadId, threadId))
    .orderBy(asc(runs.createdAt), asc(runs.id))
    .all()
    .map((row) => ({ link: row.thread_runs, run: row.runs }));
}
