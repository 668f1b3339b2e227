/**
 * Workspaces and their members on Postgres, natively: the contract of db/store/ports-workspaces.ts,
 * as db/workspaces.ts keeps it on SQLite (the shared rules: db/store/workspace-rules.ts).
 */
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { notFound } from '@/lib/errors';
import { apiKeys, graphs, threads, users, workspaceMembers, workspaces } from '../../schema-pg';
import { checkStorableJson, unmatchable } from '../storable';
import { DEFAULT_WORKSPACE_ID, personalWorkspaceId, type Membership, type WorkspaceMember, type WorkspaceRepository, type WorkspaceRow } from '../ports-workspaces';
import type { UserRow } from '../ports';
import { personalName, workspaceInUse } from '../workspace-rules';
import { pgDb, type PgConn } from './db';

async function byId(conn: PgConn, id: string, lock = false): Promise<WorkspaceRow | undefined> {
  if (unmatchable(id)) return undefined;
  const q = conn.select().from(workspaces).where(eq(workspaces.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row as WorkspaceRow | undefined;
}

/** not_found unless the workspace exists (before a write places a row in it). */
export async function requireWorkspace(conn: PgConn, id: string): Promise<void> {
  if (!(await byId(conn, id))) throw notFound(`workspace "${id}"`);
}

/** A new user's personal workspace (their default), and for the first user admin of Default too (then that is their default). */
export async function addUserWorkspaces(tx: PgConn, user: UserRow, first: boolean): Promise<void> {
  const id = personalWorkspaceId(user.id);
  await tx.insert(workspaces).values({ id, name: personalName(user.email), personalOf: user.id, createdAt: user.createdAt });
  await tx.insert(workspaceMembers).values({ workspaceId: id, userId: user.id, role: 'admin', isDefault: !first });
  if (first) await tx.insert(workspaceMembers).values({ workspaceId: DEFAULT_WORKSPACE_ID, userId: user.id, role: 'admin', isDefault: true }).onConflictDoNothing();
}

export const pgWorkspaces: WorkspaceRepository = {
  async list() {
    return (await (await pgDb()).select().from(workspaces).orderBy(asc(workspaces.name))) as WorkspaceRow[];
  },
  async get(id) {
    return byId(await pgDb(), id);
  },
  async create(name) {
    checkStorableJson('the workspace name', name);
    const db = await pgDb();
    return (await db.insert(workspaces).values({ id: randomUUID(), name, createdAt: new Date() }).returning())[0] as WorkspaceRow;
  },
  async rename(id, name) {
    checkStorableJson('the workspace name', name);
    if (unmatchable(id)) return undefined;
    const db = await pgDb();
    return (await db.update(workspaces).set({ name }).where(eq(workspaces.id, id)).returning())[0] as WorkspaceRow | undefined;
  },
  async delete(id) {
    return (await pgDb()).transaction(async (tx) => {
      const row = await byId(tx, id, true);
      if (!row) return false;
      const any = async (q: Promise<unknown[]>) => (await q).length > 0;
      const holds = {
        graphs: await any(tx.select({ id: graphs.id }).from(graphs).where(eq(graphs.workspaceId, id)).limit(1)),
        threads: await any(tx.select({ id: threads.id }).from(threads).where(eq(threads.workspaceId, id)).limit(1)),
        keys: await any(tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.workspaceId, id)).limit(1)),
      };
      const refused = workspaceInUse(row, holds);
      if (refused) throw refused;
      await tx.delete(workspaces).where(eq(workspaces.id, id));
      return true;
    });
  },
  async members(id) {
    const db = await pgDb();
    if (!(await byId(db, id))) return undefined;
    const rows = await db
      .select({ userId: users.id, email: users.email, name: users.name, role: workspaceMembers.role, isDefault: workspaceMembers.isDefault })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, id))
      .orderBy(asc(users.email));
    return rows as WorkspaceMember[];
  },
  async setMember(id, userId, role) {
    await (await pgDb()).transaction(async (tx) => {
      if (!(await byId(tx, id, true))) throw notFound(`workspace "${id}"`);
      if (unmatchable(userId) || !(await tx.select({ id: users.id }).from(users).where(eq(users.id, userId))).length) throw notFound(`user "${userId}"`);
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: id, userId, role, isDefault: false })
        .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role } });
    });
  },
  async removeMember(id, userId) {
    if (unmatchable(id) || unmatchable(userId)) return false;
    const gone = await (await pgDb())
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, userId)))
      .returning({ id: workspaceMembers.userId });
    return gone.length > 0;
  },
  async membershipsOf(userId) {
    if (unmatchable(userId)) return [];
    const rows = await (await pgDb())
      .select({ workspace: workspaces, role: workspaceMembers.role, isDefault: workspaceMembers.isDefault })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(asc(workspaces.name));
    return rows as Membership[];
  },
};
