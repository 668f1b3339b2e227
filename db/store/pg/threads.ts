/**
 * The assistants flow on Postgres, natively (db/store/ports-conversations.ts), as db/threads.ts
 * keeps it on SQLite. A message is appended by one statement (`insert … select max(seq) + 1`); two
 * appends racing for a seq meet on the (thread, seq) unique index and the loser tries again, so no
 * transaction holds a lock across round trips.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '@/lib/errors';
import { assistants, graphs, runs, threadMessages, threadRuns, threads } from '../../schema-pg';
import { checkStorableJson, unmatchable } from '../storable';
import type { AssistantRepository, AssistantRow, ThreadMessageRow, ThreadRepository, ThreadRow, ThreadRunRow, ThreadRunWithRun } from '../ports';
import type { RunRow } from '../../schema/runs';
import { isUniqueViolation, pgCode, pgDb } from './db';
import { requireWorkspace } from './workspaces';

/** The constraint a Postgres error names (also under drizzle's wrapper). */
function constraintOf(err: unknown): string | undefined {
  for (let e = err as { constraint?: unknown; cause?: unknown } | null, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}

/** How many times an append tries again after a concurrent append took its seq. */
const APPEND_ATTEMPTS = 20;

export const pgAssistants: AssistantRepository = {
  async insert(a) {
    checkStorableJson('the assistant', a);
    try {
      const [row] = await (await pgDb()).insert(assistants).values({ ...a, createdAt: new Date() }).returning();
      return row as AssistantRow;
    } catch (err) {
      if (pgCode(err) === '23503') throw notFound('graph');
      throw err;
    }
  },
  async get(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(assistants).where(eq(assistants.id, id));
    return row as AssistantRow | undefined;
  },
  async list(scope, limit = 100) {
    if (scope.length === 0) return [];
    const rows = await (await pgDb())
      .select({ a: assistants })
      .from(assistants)
      .innerJoin(graphs, eq(graphs.id, assistants.graphId))
      .where(inArray(graphs.workspaceId, [...scope]))
      .orderBy(desc(assistants.createdAt), desc(assistants.id))
      .limit(limit);
    return rows.map((r) => r.a as AssistantRow);
  },
  async delete(id) {
    if (unmatchable(id)) return false;
    return (await (await pgDb()).delete(assistants).where(eq(assistants.id, id)).returning({ id: assistants.id })).length > 0;
  },
};

const joined = (rows: { thread_runs: unknown; runs: unknown }[]): ThreadRunWithRun[] => rows.map((r) => ({ link: r.thread_runs as ThreadRunRow, run: r.runs as RunRow }));

export const pgThreads: ThreadRepository = {
  async insert(t) {
    checkStorableJson('the thread', t);
    const db = await pgDb();
    await requireWorkspace(db, t.workspaceId);
    const [row] = await db.insert(threads).values({ id: t.id, workspaceId: t.workspaceId, metadata: t.metadata ?? null, createdAt: new Date() }).onConflictDoNothing().returning();
    if (!row) throw conflict(`thread ${t.id} exists already`);
    return row as ThreadRow;
  },
  async get(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(threads).where(eq(threads.id, id));
    return row as ThreadRow | undefined;
  },
  async delete(id) {
    if (unmatchable(id)) return false;
    return (await (await pgDb()).delete(threads).where(eq(threads.id, id)).returning({ id: threads.id })).length > 0;
  },
  async appendMessage(m) {
    checkStorableJson('the message', m);
    if (unmatchable(m.threadId)) throw notFound('thread');
    const db = await pgDb();
    const metadata = m.metadata ? JSON.stringify(m.metadata) : null;
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await db.execute(sql`
          insert into ${threadMessages} (id, thread_id, seq, role, content, assistant_id, run_id, metadata, created_at)
          select ${m.id}, ${m.threadId}, coalesce(max(seq), 0) + 1, ${m.role}, ${m.content}, ${m.assistantId ?? null}, ${m.runId ?? null}, ${metadata}, ${Date.now()}
          from ${threadMessages} where thread_id = ${m.threadId}
          returning id`);
        if (!rows.length) throw new Error('append wrote no row');
        const [row] = await db.select().from(threadMessages).where(eq(threadMessages.id, m.id));
        return row as ThreadMessageRow;
      } catch (err) {
        if (pgCode(err) === '23503') throw notFound('thread');
        if (!isUniqueViolation(err)) throw err;
        const constraint = constraintOf(err);
        if (constraint === 'thread_messages_run_unique') return undefined; // the run has its reply already
        if (constraint !== 'thread_messages_thread_seq_unique') throw new AppError('conflict', `message ${m.id} exists already`);
        if (attempt >= APPEND_ATTEMPTS) throw new AppError('conflict', `thread ${m.threadId}: too many messages appended at once, try again`);
      }
    }
  },
  async listMessages(threadId) {
    if (unmatchable(threadId)) return [];
    return (await (await pgDb()).select().from(threadMessages).where(eq(threadMessages.threadId, threadId)).orderBy(asc(threadMessages.seq))) as ThreadMessageRow[];
  },
  async repliedRunIds(threadId) {
    if (unmatchable(threadId)) return new Set();
    const rows = await (await pgDb())
      .select({ runId: threadMessages.runId })
      .from(threadMessages)
      .where(and(eq(threadMessages.threadId, threadId), isNotNull(threadMessages.runId)));
    return new Set(rows.map((r) => r.runId as string));
  },
  async insertRun(r) {
    checkStorableJson('the thread run', r);
    try {
      await (await pgDb()).insert(threadRuns).values(r);
    } catch (err) {
      if (pgCode(err) === '23503') {
        const c = constraintOf(err) ?? '';
        throw notFound(c.includes('assistant') ? 'assistant' : c.includes('thread_id') ? 'thread' : 'run');
      }
      if (isUniqueViolation(err)) throw new AppError('conflict', `run ${r.runId} is linked to a thread already`);
      throw err;
    }
  },
  async getRun(threadId, runId) {
    if (unmatchable(threadId) || unmatchable(runId)) return undefined;
    const rows = await (await pgDb())
      .select()
      .from(threadRuns)
      .innerJoin(runs, eq(runs.id, threadRuns.runId))
      .where(and(eq(threadRuns.threadId, threadId), eq(threadRuns.runId, runId)));
    return joined(rows as never)[0];
  },
  async listRuns(threadId) {
    if (unmatchable(threadId)) return [];
    const rows = await (await pgDb())
      .select()
      .from(threadRuns)
      .innerJoin(runs, eq(runs.id, threadRuns.runId))
      .where(eq(threadRuns.threadId, threadId))
      .orderBy(asc(runs.createdAt), asc(runs.id));
    return joined(rows as never);
  },
};
