/**
 * Users and personal API keys on Postgres, natively: the contract of db/store/ports.ts, as
 * db/auth-users.ts and db/auth-keys.ts keep it on SQLite. The last-admin rule locks the admins'
 * rows (`for no key update`: sessions better-auth inserts meanwhile, pointing at a user, are not blocked), so
 * two concurrent demotions cannot leave the workspace without an admin.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { AppError, notFound } from '@/lib/errors';
import { accounts, apiKeys, runs, users } from '../../schema-pg';
import { tooManyKeys } from '../key-cap';
import { checkStorableJson, unmatchable } from '../storable';
import type { ApiKeyRepository, ApiKeyRow, NewUser, UserRepository, UserRow } from '../ports';
import { isUniqueViolation, pgCode, pgDb, preparedQuery, type PgConn, type PgDb } from './db';
import { addUserWorkspaces, requireWorkspace } from './workspaces';

const emailTaken = (email: string) => new AppError('conflict', `a user with the email ${email} already exists`);
const lastAdmin = () => new AppError('conflict', 'this is the only admin: make another user admin first');

/** The admins, their rows locked until the transaction ends. */
async function lockedAdmins(tx: PgConn): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('no key update');
  return rows.map((r) => r.id as string);
}

/** The key with a hash and its user: every request with an API key asks it. */
const keyByHashQuery = (db: PgDb) =>
  db.select({ key: apiKeys, user: users }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(eq(apiKeys.keyHash, sql.placeholder('keyHash'))).prepare('store_key_by_hash');
const keyUsedQuery = (db: PgDb) => db.update(apiKeys).set({ lastUsedAt: sql`${sql.placeholder('at')}` }).where(eq(apiKeys.id, sql.placeholder('id'))).prepare('store_key_used');

async function userById(conn: PgConn, id: string, lock = false): Promise<UserRow | undefined> {
  if (unmatchable(id)) return undefined;
  const q = conn.select().from(users).where(eq(users.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row as UserRow | undefined;
}

export const pgUsers: UserRepository = {
  async count() {
    const [row] = await (await pgDb()).select({ n: count() }).from(users);
    return Number(row?.n ?? 0);
  },
  async list() {
    return (await (await pgDb()).select().from(users).orderBy(asc(users.createdAt), asc(users.email))) as UserRow[];
  },
  async get(id) {
    return userById(await pgDb(), id);
  },
  async create(input: NewUser, opts = {}) {
    checkStorableJson('the user', { email: input.email, name: input.name });
    const db = await pgDb();
    try {
      return await db.transaction(async (tx) => {
        if (opts.onlyIfNone) {
          // One first user: concurrent setups queue on this lock, then see the user the first made.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchyard.first-user'))`);
          const [row] = await tx.select({ n: count() }).from(users);
          if (Number(row?.n ?? 0) > 0) throw new AppError('conflict', 'an admin already exists: sign in instead');
        }
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
        if (taken) throw emailTaken(input.email);
        const id = randomUUID();
        const at = new Date();
        const [row] = await tx.insert(users).values({ id, email: input.email, name: input.name, role: input.role, emailVerified: false, createdAt: at, updatedAt: at }).returning();
        await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: input.passwordHash, createdAt: at, updatedAt: at });
        await addUserWorkspaces(tx, row as UserRow, !!opts.onlyIfNone);
        return row as UserRow;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken(input.email);
      throw err;
    }
  },
  async setRole(id, role) {
    return (await pgDb()).transaction(async (tx) => {
      const admins = await lockedAdmins(tx);
      const row = await userById(tx, id, true);
      if (!row) return undefined;
      if (row.role === 'admin' && role !== 'admin' && admins.filter((a) => a !== id).length === 0) throw lastAdmin();
      const [updated] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return updated as UserRow;
    });
  },
  async delete(id) {
    return (await pgDb()).transaction(async (tx) => {
      const admins = await lockedAdmins(tx);
      const row = await userById(tx, id, true);
      if (!row) return false;
      if (row.role === 'admin' && admins.filter((a) => a !== id).length === 0) throw lastAdmin();
      // One statement: sessions, accounts and keys go by cascade (fewer round trips holding locks).
      await tx.delete(users).where(eq(users.id, id));
      return true;
    });
  },
};

export const pgApiKeys: ApiKeyRepository = {
  async insert(input, opts = {}) {
    checkStorableJson('the key name', input.name);
    const max = opts.maxKeys;
    const db = await pgDb();
    await requireWorkspace(db, input.workspaceId);
    try {
      if (max === undefined) {
        const [row] = await db.insert(apiKeys).values({ id: randomUUID(), ...input, createdAt: new Date() }).returning();
        return row as ApiKeyRow;
      }
      return await db.transaction(async (tx) => {
        // Concurrent creations for one user queue on the user's row, so each counts the others' keys.
        await userById(tx, input.userId, true);
        const [n] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, input.userId));
        if (Number(n?.n ?? 0) >= max) throw tooManyKeys(max);
        const [row] = await tx.insert(apiKeys).values({ id: randomUUID(), ...input, createdAt: new Date() }).returning();
        return row as ApiKeyRow;
      });
    } catch (err) {
      if (pgCode(err) === '23503') throw notFound(`workspace "${input.workspaceId}"`); // deleted meanwhile
      throw err;
    }
  },
  async list(userId) {
    if (unmatchable(userId)) return [];
    return (await (await pgDb()).select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt))) as ApiKeyRow[];
  },
  async get(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(apiKeys).where(eq(apiKeys.id, id));
    return row as ApiKeyRow | undefined;
  },
  async setBudget(userId, id, maxCostUsd) {
    if (unmatchable(userId) || unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).update(apiKeys).set({ maxCostUsd }).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).returning();
    return row as ApiKeyRow | undefined;
  },
  async spend(keyId, since, exceptRun) {
    if (unmatchable(keyId)) return 0;
    const [row] = await (await pgDb())
      .select({ usd: sql<string | null>`sum((${runs.usage}::jsonb ->> 'cost_usd')::numeric)` })
      .from(runs)
      .where(and(eq(runs.apiKeyId, keyId), gte(runs.createdAt, since), exceptRun ? ne(runs.id, exceptRun) : undefined));
    return row?.usd == null ? 0 : Number(row.usd);
  },
  async delete(userId, id) {
    if (unmatchable(userId) || unmatchable(id)) return false;
    const deleted = await (await pgDb()).delete(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).returning({ id: apiKeys.id });
    return deleted.length > 0;
  },
  async findByHash(keyHash) {
    if (unmatchable(keyHash)) return undefined;
    const [row] = await (await preparedQuery('store_key_by_hash', keyByHashQuery)).execute({ keyHash });
    if (!row) return undefined;
    const key = row.key as ApiKeyRow;
    await (await preparedQuery('store_key_used', keyUsedQuery)).execute({ id: key.id, at: Date.now() });
    return { key, user: row.user as UserRow };
  },
};
