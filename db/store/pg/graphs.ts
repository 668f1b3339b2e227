/**
 * Saved graphs and their versions on Postgres, natively (drizzle's node-postgres driver, Postgres
 * SQL): the same contract as db/graphs.ts on SQLite (db/store/ports.ts), the same decisions
 * (db/store/graph-rules.ts). A write that reads the graph's current version locks its row
 * (`select … for no key update`), so concurrent saves append consecutive versions instead of
 * colliding. The lock is the weakest that serializes writers: it does not block the foreign-key
 * checks of rows pointing at the graph (a run being inserted for it).
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '@/lib/errors';
import type { GraphDocument } from '@/lib/graph/schema';
import { conversations, graphPublications, graphs, graphVersions, runs } from '../../schema-pg';
import { checkStorable, coalescibleVersion, editKind, importConflict, isVersionNumber, nameCandidates, nameTaken } from '../graph-rules';
import { checkStorableJson, unmatchable } from '../storable';
import type { GraphRepository, GraphRow, GraphSummary, GraphVersionRepository, GraphVersionRow, GraphVersionSummary } from '../ports';
import { isUniqueViolation, pgDb, preparedQuery, type PgConn, type PgDb } from './db';
import { requireWorkspace } from './workspaces';

const nodeCount = sql<string>`(select count(*) from jsonb_each(coalesce(${graphs.document}::jsonb -> 'nodes', '{}'::jsonb)))`;

const byIdQuery = (db: PgDb) => db.select().from(graphs).where(eq(graphs.id, sql.placeholder('id'))).prepare('store_graph_by_id');
const byNameQuery = (db: PgDb) =>
  db.select().from(graphs).where(and(eq(graphs.workspaceId, sql.placeholder('workspaceId')), eq(graphs.name, sql.placeholder('name')))).prepare('store_graph_by_ws_name');
const versionQuery = (db: PgDb) =>
  db
    .select()
    .from(graphVersions)
    .where(and(eq(graphVersions.graphId, sql.placeholder('graphId')), eq(graphVersions.version, sql.placeholder('version'))))
    .prepare('store_graph_version');

/** The graph with this id, outside a transaction (prepared). */
async function getById(id: string): Promise<GraphRow | null> {
  if (unmatchable(id)) return null;
  const [row] = await (await preparedQuery('store_graph_by_id', byIdQuery)).execute({ id });
  return (row as GraphRow | undefined) ?? null;
}

async function getByName(name: string, workspaceId: string): Promise<GraphRow | null> {
  if (unmatchable(name) || unmatchable(workspaceId)) return null;
  const [row] = await (await preparedQuery('store_graph_by_ws_name', byNameQuery)).execute({ name, workspaceId });
  return (row as GraphRow | undefined) ?? null;
}

async function byId(conn: PgConn, id: string, lock = false): Promise<GraphRow | null> {
  if (unmatchable(id)) return null;
  const q = conn.select().from(graphs).where(eq(graphs.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return (row as GraphRow | undefined) ?? null;
}

async function byName(conn: PgConn, name: string, workspaceId: string): Promise<GraphRow | null> {
  if (unmatchable(name) || unmatchable(workspaceId)) return null;
  const [row] = await conn.select().from(graphs).where(and(eq(graphs.workspaceId, workspaceId), eq(graphs.name, name)));
  return (row as GraphRow | undefined) ?? null;
}

async function versionRow(conn: PgConn, graphId: string, version: number): Promise<GraphVersionRow | null> {
  if (unmatchable(graphId) || !isVersionNumber(version)) return null;
  const [row] = await conn.select().from(graphVersions).where(and(eq(graphVersions.graphId, graphId), eq(graphVersions.version, version)));
  return (row as GraphVersionRow | undefined) ?? null;
}

async function checkNameFree(conn: PgConn, current: GraphRow, name: string): Promise<void> {
  if (name === current.name) return;
  const other = await byName(conn, name, current.workspaceId);
  if (other && other.id !== current.id) throw nameTaken(name);
}

/** A new graph with version 1 (conflict: the name is taken); seeding writes through it too (db/store/pg/small.ts). */
export async function insertGraph(conn: PgConn, doc: GraphDocument, at: Date, workspaceId: string): Promise<GraphRow> {
  checkStorable(doc);
  await requireWorkspace(conn, workspaceId);
  if (await byName(conn, doc.name, workspaceId)) throw nameTaken(doc.name);
  const row: GraphRow = { id: randomUUID(), workspaceId, name: doc.name, description: doc.description ?? null, document: doc, version: 1, draft: null, createdAt: at, updatedAt: at };
  await conn.insert(graphs).values(row);
  await conn.insert(graphVersions).values({ graphId: row.id, version: 1, document: doc, createdAt: at, auto: false });
  return row;
}

async function appendVersion(conn: PgConn, current: GraphRow, doc: GraphDocument, at: Date, extra: { note?: string | null; auto?: boolean } = {}): Promise<GraphRow> {
  checkStorable(doc);
  await checkNameFree(conn, current, doc.name);
  const version = current.version + 1;
  await conn.insert(graphVersions).values({ graphId: current.id, version, document: doc, createdAt: at, note: extra.note ?? null, auto: extra.auto ?? false });
  const updated = { name: doc.name, description: doc.description ?? null, document: doc, version, updatedAt: at, draft: null };
  await conn.update(graphs).set(updated).where(eq(graphs.id, current.id));
  return { ...current, ...updated };
}

async function replaceCurrent(conn: PgConn, current: GraphRow, doc: GraphDocument, at: Date): Promise<GraphRow> {
  checkStorable(doc);
  await checkNameFree(conn, current, doc.name);
  await conn
    .update(graphVersions)
    .set({ document: doc, updatedAt: at })
    .where(and(eq(graphVersions.graphId, current.id), eq(graphVersions.version, current.version)));
  const updated = { name: doc.name, description: doc.description ?? null, document: doc, updatedAt: at, draft: null };
  await conn.update(graphs).set(updated).where(eq(graphs.id, current.id));
  return { ...current, ...updated };
}

async function coalescible(conn: PgConn, current: GraphRow, at: Date): Promise<boolean> {
  if (!coalescibleVersion(await versionRow(conn, current.id, current.version), at)) return false;
  const used = await conn.select({ id: runs.id }).from(runs).where(and(eq(runs.graphId, current.id), eq(runs.graphVersion, current.version))).limit(1);
  if (used.length) return false;
  // The published version is what outside callers run: an edit never rewrites it (lib/runtime/published.ts).
  const [live] = await conn.select({ v: graphPublications.version }).from(graphPublications).where(eq(graphPublications.graphId, current.id));
  return live?.v !== current.version;
}

async function uniqueName(conn: PgConn, base: string, workspaceId: string): Promise<string> {
  for (const candidate of nameCandidates(base)) if (!(await byName(conn, candidate, workspaceId))) return candidate;
  throw new Error('unreachable: nameCandidates never ends');
}

/** `fn` in one transaction; a unique-name race that slips past the checks becomes a 409. */
async function write<T>(fn: (tx: PgConn) => Promise<T>, name: string): Promise<T> {
  const db = await pgDb();
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}

async function lockedOrThrow(tx: PgConn, id: string): Promise<GraphRow> {
  const current = await byId(tx, id, true);
  if (!current) throw notFound('graph');
  return current;
}

/** How many times an import as a copy looks for a free name again when a concurrent save took the one it found. */
const COPY_ATTEMPTS = 5;

export const pgGraphs: GraphRepository = {
  async list(scope) {
    if (scope.length === 0) return [];
    const db = await pgDb();
    const rows = await db
      .select({ id: graphs.id, workspaceId: graphs.workspaceId, name: graphs.name, description: graphs.description, roles: nodeCount, version: graphs.version, createdAt: graphs.createdAt, updatedAt: graphs.updatedAt })
      .from(graphs)
      .where(inArray(graphs.workspaceId, [...scope]))
      .orderBy(desc(graphs.updatedAt), asc(graphs.name));
    return rows.map((r) => ({ ...(r as Omit<GraphSummary, 'roles'>), roles: Number(r.roles) }));
  },
  get: getById,
  getByName,
  async find(idOrName, workspaceId) {
    const byId = await getById(idOrName);
    if (byId?.workspaceId === workspaceId) return byId;
    return getByName(idOrName, workspaceId);
  },
  create(doc, workspaceId) {
    return write((tx) => insertGraph(tx, doc, new Date(), workspaceId), doc.name);
  },
  move(id, workspaceId) {
    return write(async (tx) => {
      const current = await lockedOrThrow(tx, id);
      await requireWorkspace(tx, workspaceId);
      if (current.workspaceId === workspaceId) return current;
      if (await byName(tx, current.name, workspaceId)) throw nameTaken(current.name);
      const [row] = await tx.update(graphs).set({ workspaceId }).where(eq(graphs.id, id)).returning();
      await tx.update(conversations).set({ workspaceId }).where(eq(conversations.graphId, id)); // its conversations follow it
      return row as GraphRow;
    }, id);
  },
  update(id, doc) {
    return write(async (tx) => appendVersion(tx, await lockedOrThrow(tx, id), doc, new Date()), doc.name);
  },
  saveEdit(id, doc, opts = {}) {
    const at = opts.at ?? new Date();
    return write(async (tx) => {
      const current = await lockedOrThrow(tx, id);
      const kind = editKind(current, doc);
      if (kind === 'unchanged') {
        if (current.draft) await tx.update(graphs).set({ draft: null }).where(eq(graphs.id, id));
        return { graph: { ...current, draft: null }, outcome: 'unchanged' as const };
      }
      if (kind === 'layout') return { graph: await replaceCurrent(tx, current, doc, at), outcome: 'layout' as const };
      if (opts.autosave && (await coalescible(tx, current, at))) return { graph: await replaceCurrent(tx, current, doc, at), outcome: 'coalesced' as const };
      return { graph: await appendVersion(tx, current, doc, at, { auto: !!opts.autosave }), outcome: 'version' as const };
    }, doc.name);
  },
  async saveDraft(id, document, problems, at = new Date()) {
    const draft = { document, problems, updatedAt: at.getTime() };
    checkStorableJson('the draft', draft);
    const db = await pgDb();
    const [row] = unmatchable(id) ? [] : await db.update(graphs).set({ draft }).where(eq(graphs.id, id)).returning();
    if (!row) throw notFound('graph');
    return row as GraphRow;
  },
  saveNamedVersion(id, note, doc) {
    checkStorableJson('the version note', note);
    return write(async (tx) => {
      const current = await lockedOrThrow(tx, id);
      return appendVersion(tx, current, doc ?? current.document, new Date(), { note });
    }, doc?.name ?? id);
  },
  async delete(id) {
    if (unmatchable(id)) return false;
    const db = await pgDb();
    const deleted = await db.delete(graphs).where(eq(graphs.id, id)).returning({ id: graphs.id });
    return deleted.length > 0;
  },
  async import(doc, workspaceId, opts = {}) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write(async (tx) => {
          const named = opts.asCopy ? { ...doc, name: await uniqueName(tx, doc.name, workspaceId) } : doc;
          const existing = await byName(tx, named.name, workspaceId);
          if (!existing) return { graph: await insertGraph(tx, named, new Date(), workspaceId), created: true };
          if (!opts.overwrite) throw importConflict(named.name, existing.id);
          return { graph: await appendVersion(tx, (await lockedOrThrow(tx, existing.id)), named, new Date()), created: false };
        }, doc.name);
      } catch (err) {
        // A copy's free name taken by a concurrent save: look for the next one.
        if (!(opts.asCopy && attempt < COPY_ATTEMPTS && err instanceof AppError && err.code === 'conflict')) throw err;
      }
    }
  },
  async uniqueName(base, workspaceId) {
    return uniqueName(await pgDb(), base, workspaceId);
  },
};

export const pgGraphVersions: GraphVersionRepository = {
  async list(graphId) {
    if (!(await getById(graphId))) return null;
    const rows = await (await pgDb())
      .select({ version: graphVersions.version, createdAt: graphVersions.createdAt, note: graphVersions.note, auto: graphVersions.auto, updatedAt: graphVersions.updatedAt, document: graphVersions.document })
      .from(graphVersions)
      .where(eq(graphVersions.graphId, graphId))
      .orderBy(desc(graphVersions.version));
    return rows as GraphVersionSummary[];
  },
  async get(graphId, version) {
    if (unmatchable(graphId) || !isVersionNumber(version)) return null;
    const [row] = await (await preparedQuery('store_graph_version', versionQuery)).execute({ graphId, version });
    return (row as GraphVersionRow | undefined) ?? null;
  },
};
