/**
 * Users and their email/password accounts, for the setup page, the start-up admin and the Users
 * section: synchronous, the SQLite side of the async UserRepository (db/store/sqlite.ts). Sign-in and sessions are better-auth's (lib/server/auth.ts); this module writes the same
 * rows it reads (a `credential` account holding the password hash, which the caller computes).
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { Role } from '@/lib/contracts/auth';
import { AppError } from '@/lib/errors';
import { getDb } from './client';
import { accounts, sessions, users, type UserRow } from './schema/auth';
import { checkStorableJson } from './store/storable';
import { addUserWorkspaces } from './workspaces';
import type { NewUser } from './store/ports';

export type { UserRow } from './schema/auth';

export function countUsers(): number {
  return getDb().select({ n: count() }).from(users).get()?.n ?? 0;
}

export function listUsers(): UserRow[] {
  return getDb().select().from(users).orderBy(asc(users.createdAt), asc(users.email)).all();
}

export function getUser(id: string): UserRow | undefined {
  return getDb().select().from(users).where(eq(users.id, id)).get();
}

export type { NewUser } from './store/ports';

/**
 * Creates a user with an email/password account. `onlyIfNone` makes it the first user or nothing
 * (the setup page and the start-up admin): checked in the same transaction as the insert.
 */
export function createUser(input: NewUser, opts: { onlyIfNone?: boolean } = {}): UserRow {
  checkStorableJson('the user', { email: input.email, name: input.name });
  const db = getDb();
  return db.transaction((tx) => {
    if (opts.onlyIfNone && (tx.select({ n: count() }).from(users).get()?.n ?? 0) > 0) {
      throw new AppError('conflict', 'an admin already exists: sign in instead');
    }
    if (tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get()) {
      throw new AppError('conflict', `a user with the email ${input.email} already exists`);
    }
    const id = randomUUID();
    const at = new Date();
    const row = tx
      .insert(users)
      .values({ id, email: input.email, name: input.name, role: input.role, emailVerified: false, createdAt: at, updatedAt: at })
      .returning()
      .get();
    tx.insert(accounts)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: input.passwordHash, createdAt: at, updatedAt: at })
      .run();
    addUserWorkspaces(tx, row, !!opts.onlyIfNone);
    return row;
  });
}

function adminCount(tx: Pick<ReturnType<typeof getDb>, 'select'>): number {
  return tx.select({ n: count() }).from(users).where(eq(users.role, 'admin')).get()?.n ?? 0;
}

/** Changes a user's role; the last admin stays an admin (409). */
export function setUserRole(id: string, role: Role): UserRow | undefined {
  return getDb().transaction((tx) => {
    const row = tx.select().from(users).where(eq(users.id, id)).get();
    if (!row) return undefined;
    if (row.role === 'admin' && role !== 'admin' && adminCount(tx) <= 1) {
      throw new AppError('conflict', 'this is the only admin: make another user admin first');
    }
    return tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning().get();
  });
}

/** Deletes a user with their sessions, accounts and API keys (cascade); the last admin cannot go (409). */
export function deleteUser(id: string): boolean {
  return getDb().transaction((tx) => {
    const row = tx.select().from(users).where(eq(users.id, id)).get();
    if (!row) return false;
    if (row.role === 'admin' && adminCount(tx) <= 1) throw new AppError('conflict', 'this is the only admin: make another user admin first');
    tx.delete(sessions).where(eq(sessions.userId, id)).run();
    tx.delete(users).where(eq(users.id, id)).run();
    return true;
  });
}
