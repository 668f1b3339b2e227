/**
 * Queries on saved graphs, synchronous: the SQLite side of the async graph repositories
 * (db/store/sqlite.ts wraps these; the contract is db/store/ports.ts) and what the code still on the
 * SQLite-only tools and tests use directly (on Postgres the async store has its own: db/store/pg).
 * Every save appends a row to graph_versions, so history is never lost; everything that writes more
 * than one row runs in one transaction. Documents passed in must already be validated
 * (checkGraphDocument / parseGraphYaml): this layer stores, it does not judge.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { RunResult } from 'better-sqlite3';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { AppError, notFound } from '@/lib/errors';
import type { GraphDocument } from '@/lib/graph/schema';
import type { Problem } from '@/lib/graph/problems';
import { getDb } from './client';
import * as schema from './schema';
import { conversations, graphPublications, graphs, graphVersions, runs, type GraphRow } from './schema';
import { checkStorable, coalescibleVersion, editKind, importConflict, isVersionNumber, nameCandidates, nameTaken } from './store/graph-rules';
import { checkStorableJson, unmatchable } from './store/storable';
import type { GraphSummary, GraphVersionSummary, ImportResult, SaveOutcome, WorkspaceScope } from './store/ports';
import { requireWorkspace } from './workspaces';

export type { GraphSummary, GraphVersionSummary, ImportResult, SaveOutcome } from './store/ports';
export { COALESCE_MS } from './store/graph-rules';

/** The database or an open transaction: helpers below work on either. */
export type Conn = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

const nodeCount = () => sql<number>`(select count(*) from json_each(${graphs.document}, '$.nodes'))`;

/** The scope's graphs (none for an empty scope). */
export function listGraphs(scope: WorkspaceScope, conn: Conn = getDb()): GraphSummary[] {
  if (scope.length === 0) return [];
  return conn
    .select({
      id: graphs.id,
      workspaceId: graphs.workspaceId,
      name: graphs.name,
      description: graphs.description,
      roles: nodeCount(),
      version: graphs.version,
      createdAt: graphs.createdAt,
      updatedAt: graphs.updatedAt,
    })
    .from(graphs)
    .where(inArray(graphs.workspaceId, [...scope]))
    .orderBy(desc(graphs.updatedAt), asc(graphs.name))
    .all()
    .map((r) => ({ ...r, roles: Number(r.roles) }));
}

export function getGraph(id: string, conn: Conn = getDb()): GraphRow | null {
  if (unmatchable(id)) return null;
  return conn.select().from(graphs).where(eq(graphs.id, id)).get() ?? null;
}

export function getGraphByName(name: string, workspaceId: string, conn: Conn = getDb()): GraphRow | null {
  if (unmatchable(name) || unmatchable(workspaceId)) return null;
  return conn.select().from(graphs).where(and(eq(graphs.workspaceId, workspaceId), eq(graphs.name, name))).get() ?? null;
}

/** Looks a graph of the workspace up by id, then by name (the OpenAI-compatible API's `model` may be either). */
export function findGraph(idOrName: string, workspaceId: string, conn: Conn = getDb()): GraphRow | null {
  const byId = getGraph(idOrName, conn);
  if (byId?.workspaceId === workspaceId) return byId;
  return getGraphByName(idOrName, workspaceId, conn);
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Inserts a new graph and its version 1 (inside the caller's transaction). 409 when the name is taken. */
export function insertGraph(conn: Conn, doc: GraphDocument, at: Date, workspaceId: string): GraphRow {
  checkStorable(doc);
  requireWorkspace(conn, workspaceId);
  if (getGraphByName(doc.name, workspaceId, conn)) throw nameTaken(doc.name);
  const row: GraphRow = {
    id: randomUUID(),
    workspaceId,
    name: doc.name,
    description: doc.description ?? null,
    document: doc,
    version: 1,
    draft: null,
    createdAt: at,
    updatedAt: at,
  };
  conn.insert(graphs).values(row).run();
  conn.insert(graphVersions).values({ graphId: row.id, version: 1, document: doc, createdAt: at }).run();
  return row;
}

function appendVersion(conn: Conn, current: GraphRow, doc: GraphDocument, at: Date, extra: { note?: string | null; auto?: boolean } = {}): GraphRow {
  checkStorable(doc);
  if (doc.name !== current.name) {
    const other = getGraphByName(doc.name, current.workspaceId, conn);
    if (other && other.id !== current.id) throw nameTaken(doc.name);
  }
  const version = current.version + 1;
  conn.insert(graphVersions).values({ graphId: current.id, version, document: doc, createdAt: at, note: extra.note ?? null, auto: extra.auto ?? false }).run();
  const updated = { name: doc.name, description: doc.description ?? null, document: doc, version, updatedAt: at, draft: null };
  conn.update(graphs).set(updated).where(eq(graphs.id, current.id)).run();
  return { ...current, ...updated };
}

/** Runs `fn` in one transaction; a unique-name race that slips past the checks becomes a 409. */
function write<T>(fn: (tx: Conn) => T, name: string): T {
  try {
    return getDb().transaction((tx) => fn(tx));
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}

/** Saves a new graph with version 1. 409 when the name is taken. */
export function createGraph(doc: GraphDocument, workspaceId: string): GraphRow {
  return write((tx) => insertGraph(tx, doc, new Date(), workspaceId), doc.name);
}

/** Moves a graph to another workspace (its versions, runs, tests and memory follow it by graph id). */
export function moveGraph(id: string, workspaceId: string): GraphRow {
  return write((tx) => {
    const current = getGraph(id, tx);
    if (!current) throw notFound('graph');
    requireWorkspace(tx, workspaceId);
    if (current.workspaceId === workspaceId) return current;
    if (getGraphByName(current.name, workspaceId, tx)) throw nameTaken(current.name);
    const row = tx.update(graphs).set({ workspaceId }).where(eq(graphs.id, id)).returning().get();
    tx.update(conversations).set({ workspaceId }).where(eq(conversations.graphId, id)).run(); // its conversations follow it
    return row;
  }, id);
}

/** Replaces the document of a graph, appending a version. 404 unknown id; 409 when renamed onto another graph. */
export function updateGraph(id: string, doc: GraphDocument): GraphRow {
  return write((tx) => {
    const current = getGraph(id, tx);
    if (!current) throw notFound('graph');
    return appendVersion(tx, current, doc, new Date());
  }, doc.name);
}

/** Replaces the current version's document in place (a layout-only save, or a coalesced autosave). */
function replaceCurrent(conn: Conn, current: GraphRow, doc: GraphDocument, at: Date): GraphRow {
  checkStorable(doc);
  if (doc.name !== current.name) {
    const other = getGraphByName(doc.name, current.workspaceId, conn);
    if (other && other.id !== current.id) throw nameTaken(doc.name);
  }
  conn
    .update(graphVersions)
    .set({ document: doc, updatedAt: at })
    .where(and(eq(graphVersions.graphId, current.id), eq(graphVersions.version, current.version)))
    .run();
  const updated = { name: doc.name, description: doc.description ?? null, document: doc, updatedAt: at, draft: null };
  conn.update(graphs).set(updated).where(eq(graphs.id, current.id)).run();
  return { ...current, ...updated };
}

/** An autosaved version, without a note, written within the quiet period, used by no run and not published: later autosaves may replace it. */
function coalescible(conn: Conn, current: GraphRow, at: Date): boolean {
  if (!coalescibleVersion(getGraphVersion(current.id, current.version, conn), at)) return false;
  const used = conn.select({ id: runs.id }).from(runs).where(and(eq(runs.graphId, current.id), eq(runs.graphVersion, current.version))).limit(1).get();
  if (used) return false;
  // The published version is what outside callers run: an edit never rewrites it (lib/runtime/published.ts).
  const live = conn.select({ v: graphPublications.version }).from(graphPublications).where(eq(graphPublications.graphId, current.id)).get();
  return live?.v !== current.version;
}

/**
 * Saves a validated edit (PUT /api/graphs/:id) and clears the working draft. A layout-only change
 * updates the current version's layout (no new version); with `autosave` (the editor), a logic
 * change within COALESCE_MS of the previous autosaved version replaces it; otherwise a version is appended.
 */
export function saveGraphEdit(id: string, doc: GraphDocument, opts: { autosave?: boolean; at?: Date } = {}): { graph: GraphRow; outcome: SaveOutcome } {
  const at = opts.at ?? new Date();
  return write((tx) => {
    const current = getGraph(id, tx);
    if (!current) throw notFound('graph');
    const kind = editKind(current, doc);
    if (kind === 'unchanged') {
      if (current.draft) tx.update(graphs).set({ draft: null }).where(eq(graphs.id, id)).run();
      return { graph: { ...current, draft: null }, outcome: 'unchanged' as const };
    }
    if (kind === 'layout') return { graph: replaceCurrent(tx, current, doc, at), outcome: 'layout' as const };
    if (opts.autosave && coalescible(tx, current, at)) return { graph: replaceCurrent(tx, current, doc, at), outcome: 'coalesced' as const };
    return { graph: appendVersion(tx, current, doc, at, { auto: !!opts.autosave }), outcome: 'version' as const };
  }, doc.name);
}

/** Keeps an edit that does not validate as the graph's working draft (runs and the API go on using `document`). */
export function saveGraphDraft(id: string, document: Record<string, unknown>, problems: Problem[], at = new Date()): GraphRow {
  const current = getGraph(id);
  if (!current) throw notFound('graph');
  const draft = { document, problems, updatedAt: at.getTime() };
  checkStorableJson('the draft', draft);
  getDb().update(graphs).set({ draft }).where(eq(graphs.id, id)).run();
  return { ...current, draft };
}

/** "Save version": appends a version holding `doc` (default: the current document) with the author's note. */
export function saveNamedVersion(id: string, note: string, doc?: GraphDocument): GraphRow {
  checkStorableJson('the version note', note);
  return write((tx) => {
    const current = getGraph(id, tx);
    if (!current) throw notFound('graph');
    return appendVersion(tx, current, doc ?? current.document, new Date(), { note });
  }, doc?.name ?? id);
}

/** Deletes a graph and (by cascade) its versions. False when there was no such graph. */
export function deleteGraph(id: string): boolean {
  const res = getDb().delete(graphs).where(eq(graphs.id, id)).run();
  return res.changes > 0;
}

/**
 * Saves an imported document: new graph, or with `overwrite` a new version of the graph of that name,
 * or with `asCopy` a new graph under the next free name (`name-2`, …) when the name is taken.
 */
export function importGraph(doc: GraphDocument, workspaceId: string, opts: { overwrite?: boolean; asCopy?: boolean } = {}): ImportResult {
  return write((tx) => {
    if (opts.asCopy) doc = { ...doc, name: uniqueGraphName(doc.name, workspaceId, tx) };
    const existing = getGraphByName(doc.name, workspaceId, tx);
    if (!existing) return { graph: insertGraph(tx, doc, new Date(), workspaceId), created: true };
    if (!opts.overwrite) throw importConflict(doc.name, existing.id);
    return { graph: appendVersion(tx, existing, doc, new Date()), created: false };
  }, doc.name);
}

/** The versions of a graph, newest first; null for an unknown graph. */
export function listGraphVersions(id: string, conn: Conn = getDb()): GraphVersionSummary[] | null {
  if (!getGraph(id, conn)) return null;
  return conn
    .select({ version: graphVersions.version, createdAt: graphVersions.createdAt, note: graphVersions.note, auto: graphVersions.auto, updatedAt: graphVersions.updatedAt, document: graphVersions.document })
    .from(graphVersions)
    .where(eq(graphVersions.graphId, id))
    .orderBy(desc(graphVersions.version))
    .all();
}

export function getGraphVersion(id: string, version: number, conn: Conn = getDb()) {
  if (unmatchable(id) || !isVersionNumber(version)) return null;
  return (
    conn
      .select()
      .from(graphVersions)
      .where(and(eq(graphVersions.graphId, id), eq(graphVersions.version, version)))
      .get() ?? null
  );
}

/** `base` if free, else `base-2`, `base-3`, ... (kept within the 80-character name limit). */
export function uniqueGraphName(base: string, workspaceId: string, conn: Conn = getDb()): string {
  for (const candidate of nameCandidates(base)) if (!getGraphByName(candidate, workspaceId, conn)) return candidate;
  throw new Error('unreachable: nameCandidates never ends');
}
