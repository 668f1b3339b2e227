/**
 * Queries on saved graphs. Every save appends a row to graph_versions, so history is never lost;
 * everything that writes more than one row runs in one transaction. Documents passed in must
 * already be validated (checkGraphDocument / parseGraphYaml): this layer stores, it does not judge.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { RunResult } from 'better-sqlite3';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { AppError, conflict, notFound } from '@/lib/errors';
import type { GraphDocument } from '@/lib/graph/schema';
import type { Problem } from '@/lib/graph/problems';
import { canonicalJson, sameLogic } from '@/lib/graph/version-changes';
import { getDb, isPostgres } from './client';
import * as schema from './schema';
import { graphs, graphVersions, runs, type GraphRow } from './schema';

/** The database or an open transaction: helpers below work on either. */
export type Conn = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

export interface GraphSummary {
  id: string;
  name: string;
  description: string | null;
  /** Number of nodes (roles) in the graph, START and END not counted. */
  roles: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface GraphVersionSummary {
  version: number;
  createdAt: Date;
  note: string | null;
  auto: boolean;
  updatedAt: Date | null;
  document: GraphDocument;
}

const nodeCount = () =>
  isPostgres()
    ? sql<number>`(select count(*) from jsonb_each(coalesce(${graphs.document}::jsonb -> 'nodes', '{}'::jsonb)))`
    : sql<number>`(select count(*) from json_each(${graphs.document}, '$.nodes'))`;

export function listGraphs(conn: Conn = getDb()): GraphSummary[] {
  return conn
    .select({
      id: graphs.id,
      name: graphs.name,
      description: graphs.description,
      roles: nodeCount(),
      version: graphs.version,
      createdAt: graphs.createdAt,
      updatedAt: graphs.updatedAt,
    })
    .from(graphs)
    .orderBy(desc(graphs.updatedAt), asc(graphs.name))
    .all()
    .map((r) => ({ ...r, roles: Number(r.roles) }));
}

export function getGraph(id: string, conn: Conn = getDb()): GraphRow | null {
  return conn.select().from(graphs).where(eq(graphs.id, id)).get() ?? null;
}

export function getGraphByName(name: string, conn: Conn = getDb()): GraphRow | null {
  return conn.select().from(graphs).where(eq(graphs.name, name)).get() ?? null;
}

/** Looks a graph up by id, then by name (the OpenAI-compatible API's `model` may be either). */
export function findGraph(idOrName: string, conn: Conn = getDb()): GraphRow | null {
  return getGraph(idOrName, conn) ?? getGraphByName(idOrName, conn);
}

function nameTaken(name: string) {
  return conflict(`a graph named "${name}" already exists`);
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Inserts a new graph and its version 1 (inside the caller's transaction). 409 when the name is taken. */
export function insertGraph(conn: Conn, doc: GraphDocument, at: Date): GraphRow {
  if (getGraphByName(doc.name, conn)) throw nameTaken(doc.name);
  const row: GraphRow = {
    id: randomUUID(),
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
  if (doc.name !== current.name) {
    const other = getGraphByName(doc.name, conn);
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
export function createGraph(doc: GraphDocument): GraphRow {
  return write((tx) => insertGraph(tx, doc, new Date()), doc.name);
}

/** Replaces the document of a graph, appending a version. 404 unknown id; 409 when renamed onto another graph. */
export function updateGraph(id: string, doc: GraphDocument): GraphRow {
  return write((tx) => {
    const current = getGraph(id, tx);
    if (!current) throw notFound('graph');
    return appendVersion(tx, current, doc, new Date());
  }, doc.name);
}

/** How long after an autosaved version later autosaves replace it instead of adding versions (the quiet period). */
export const COALESCE_MS = 60_000;

/** What a save did: nothing changed, the layout of the current version, the current autosaved version replaced, or a new version. */
export type SaveOutcome = 'unchanged' | 'layout' | 'coalesced' | 'version';

/** Replaces the current version's document in place (a layout-only save, or a coalesced autosave). */
function replaceCurrent(conn: Conn, current: GraphRow, doc: GraphDocument, at: Date): GraphRow {
  if (doc.name !== current.name) {
    const other = getGraphByName(doc.name, conn);
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

/** An autosaved version, without a note, written within the quiet period and used by no run: later autosaves may replace it. */
function coalescible(conn: Conn, current: GraphRow, at: Date): boolean {
  const v = getGraphVersion(current.id, current.version, conn);
  if (!v || !v.auto || v.note) return false;
  if (at.getTime() - (v.updatedAt ?? v.createdAt).getTime() >= COALESCE_MS) return false;
  const used = conn.select({ id: runs.id }).from(runs).where(and(eq(runs.graphId, current.id), eq(runs.graphVersion, current.version))).limit(1).get();
  return !used;
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
    if (sameLogic(current.document, doc)) {
      if (canonicalJson(current.document) === canonicalJson(doc)) {
        if (current.draft) tx.update(graphs).set({ draft: null }).where(eq(graphs.id, id)).run();
        return { graph: { ...current, draft: null }, outcome: 'unchanged' as const };
      }
      return { graph: replaceCurrent(tx, current, doc, at), outcome: 'layout' as const };
    }
    if (opts.autosave && coalescible(tx, current, at)) return { graph: replaceCurrent(tx, current, doc, at), outcome: 'coalesced' as const };
    return { graph: appendVersion(tx, current, doc, at, { auto: !!opts.autosave }), outcome: 'version' as const };
  }, doc.name);
}

/** Keeps an edit that does not validate as the graph's working draft (runs and the API go on using `document`). */
export function saveGraphDraft(id: string, document: Record<string, unknown>, problems: Problem[], at = new Date()): GraphRow {
  const current = getGraph(id);
  if (!current) throw notFound('graph');
  const draft = { document, problems, updatedAt: at.getTime() };
  getDb().update(graphs).set({ draft }).where(eq(graphs.id, id)).run();
  return { ...current, draft };
}

/** "Save version": appends a version holding `doc` (default: the current document) with the author's note. */
export function saveNamedVersion(id: string, note: string, doc?: GraphDocument): GraphRow {
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

export interface ImportResult {
  graph: GraphRow;
  /** False when an existing graph of the same name was overwritten (a version appended). */
  created: boolean;
}

/**
 * Saves an imported document: new graph, or with `overwrite` a new version of the graph of that name,
 * or with `asCopy` a new graph under the next free name (`name-2`, …) when the name is taken.
 */
export function importGraph(doc: GraphDocument, opts: { overwrite?: boolean; asCopy?: boolean } = {}): ImportResult {
  return write((tx) => {
    if (opts.asCopy) doc = { ...doc, name: uniqueGraphName(doc.name, tx) };
    const existing = getGraphByName(doc.name, tx);
    if (!existing) return { graph: insertGraph(tx, doc, new Date()), created: true };
    if (!opts.overwrite) {
      throw new AppError('conflict', `a graph named "${doc.name}" already exists`, { id: existing.id });
    }
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
  return (
    conn
      .select()
      .from(graphVersions)
      .where(and(eq(graphVersions.graphId, id), eq(graphVersions.version, version)))
      .get() ?? null
  );
}

/** `base` if free, else `base-2`, `base-3`, ... (kept within the 80-character name limit). */
export function uniqueGraphName(base: string, conn: Conn = getDb()): string {
  if (!getGraphByName(base, conn)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 80 - suffix.length)}${suffix}`;
    if (!getGraphByName(candidate, conn)) return candidate;
  }
}
