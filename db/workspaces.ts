/**
 * Workspaces and their members, synchronous: the SQLite side of the async WorkspaceRepository
 * (db/store/ports-workspaces.ts, wrapped by db/store/sqlite.ts). db/store/pg/workspaces.ts is the
 * Postgres side; the rules they share (messages, the personal workspace's name) are in
 * db/store/workspace-rules.ts.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '@/lib/contracts/auth';
import { notFound } from '@/lib/errors';
import { getDb } from './client';
import type { RunResult } from 'better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './schema';
import { apiKeys, users, workspaceMembers, workspaces, type UserRow, type WorkspaceRow } from './schema/auth';
import { graphs } from './schema/graphs';
import { threads } from './schema/threads';
import { checkStorableJson, unmatchable } from './store/storable';
import { DEFAULT_WORKSPACE_ID, personalWorkspaceId, type Membership, type WorkspaceMember } from './store/ports-workspaces';
import { personalName, workspaceInUse } from './store/workspace-rules';

/** The database or an open transaction. */
type Conn = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

export function listWorkspaces(): WorkspaceRow[] {
  return getDb().select().from(workspaces).orderBy(asc(workspaces.name)).all();
}

export function getWorkspace(id: string, conn: Conn = getDb()): WorkspaceRow | undefined {
  if (unmatchable(id)) return undefined;
  return conn.select().from(workspaces).where(eq(workspaces.id, id)).get();
}

/** not_found unless the workspace exists (writes that place a row in one call it: SQLite keeps no foreign key there). */
export function requireWorkspace(conn: Conn, id: string): void {
  if (!getWorkspace(id, conn)) throw notFound(`workspace "${id}"`);
}

export function createWorkspace(name: string): WorkspaceRow {
  checkStorableJson('the workspace name', name);
  return getDb().insert(workspaces).values({ id: randomUUID(), name, createdAt: new Date() }).returning().get();
}

export function renameWorkspace(id: string, name: string): WorkspaceRow | undefined {
  checkStorableJson('the workspace name', name);
  if (unmatchable(id)) return undefined;
  return getDb().update(workspaces).set({ name }).where(eq(workspaces.id, id)).returning().get();
}

export function deleteWorkspace(id: string): boolean {
  return getDb().transaction((tx) => {
    const row = getWorkspace(id, tx);
    if (!row) return false;
    const holds = {
      graphs: !!tx.select({ id: graphs.id }).from(graphs).where(eq(graphs.workspaceId, id)).limit(1).get(),
      threads: !!tx.select({ id: threads.id }).from(threads).where(eq(threads.workspaceId, id)).limit(1).get(),
      keys: !!tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.workspaceId, id)).limit(1).get(),
    };
    const refused = workspaceInUse(row, holds);
    if (refused) throw refused;
    tx.delete(workspaces).where(eq(workspaces.id, id)).run();
    return true;
  });
}

export function listMembers(id: string): WorkspaceMember[] | undefined {
  if (!getWorkspace(id)) return undefined;
  return getDb()
    .select({ userId: users.id, email: users.email, name: users.name, role: workspaceMembers.role, isDefault: workspaceMembers.isDefault })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, id))
    .orderBy(asc(users.email))
    .all() as WorkspaceMember[];
}

export function setMember(id: string, userId: string, role: Role): void {
  getDb().transaction((tx) => {
    requireWorkspace(tx, id);
    if (unmatchable(userId) || !tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) throw notFound(`user "${userId}"`);
    tx.insert(workspaceMembers).values({ workspaceId: id, userId, role, isDefault: false }).onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role } }).run();
  });
}

export function removeMember(id: string, userId: string): boolean {
  if (unmatchable(id) || unmatchable(userId)) return false;
  return getDb().delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, userId))).run().changes > 0;
}

export function membershipsOf(userId: string): Membership[] {
  if (unmatchable(userId)) return [];
  return getDb()
    .select({ workspace: workspaces, role: workspaceMembers.role, isDefault: workspaceMembers.isDefault })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.name))
    .all() as Membership[];
}

/** A new user's personal workspace (their default), and for the first user admin of Default too (then that is their default). */
export function addUserWorkspaces(tx: Conn, user: UserRow, first: boolean): void {
  const id = personalWorkspaceId(user.id);
  tx.insert(workspaces).values({ id, name: personalName(user.email), personalOf: user.id, createdAt: user.createdAt }).run();
  tx.insert(workspaceMembers).values({ workspaceId: id, userId: user.id, role: 'admin', isDefault: !first }).run();
  if (first) tx.insert(workspaceMembers).values({ workspaceId: DEFAULT_WORKSPACE_ID, userId: user.id, role: 'admin', isDefault: true }).onConflictDoNothing().run();
}
