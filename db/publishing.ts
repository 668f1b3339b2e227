/**
 * A graph's publication and share settings, synchronous: the SQLite side of
 * db/store/ports-publishing.ts (wrapped by db/store/sqlite.ts; Postgres: db/store/pg/publishing.ts).
 */
import 'server-only';
import { and, eq, gte, sql } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/errors';
import { getDb } from './client';
import { graphPublications, graphShares, graphVersions, graphs, runs } from './schema';
import type { GraphPublicationRow, GraphShareRow } from './schema/publishing';
import { checkStorableJson, unmatchable } from './store/storable';
import type { PublishInput, ShareSettings } from './store/ports-publishing';
import { isVersionNumber } from './store/graph-rules';

export function getPublication(graphId: string): GraphPublicationRow | null {
  if (unmatchable(graphId)) return null;
  return getDb().select().from(graphPublications).where(eq(graphPublications.graphId, graphId)).get() ?? null;
}

export function publishVersion(graphId: string, input: PublishInput): GraphPublicationRow {
  checkStorableJson('the publication', { graphId, note: input.note, publishedBy: input.publishedBy });
  const db = getDb();
  return db.transaction((tx) => {
    if (!tx.select({ id: graphs.id }).from(graphs).where(eq(graphs.id, graphId)).get()) throw notFound('graph');
    const exists =
      isVersionNumber(input.version) &&
      tx.select({ v: graphVersions.version }).from(graphVersions).where(and(eq(graphVersions.graphId, graphId), eq(graphVersions.version, input.version))).get();
    if (!exists) throw notFound(`version ${input.version} of the graph`);
    const row: GraphPublicationRow = { graphId, version: input.version, note: input.note, publishedBy: input.publishedBy, publishedAt: input.at ?? new Date() };
    tx.insert(graphPublications)
      .values(row)
      .onConflictDoUpdate({ target: graphPublications.graphId, set: { version: row.version, note: row.note, publishedBy: row.publishedBy, publishedAt: row.publishedAt } })
      .run();
    return row;
  });
}

export function unpublishGraph(graphId: string): boolean {
  if (unmatchable(graphId)) return false;
  return getDb().delete(graphPublications).where(eq(graphPublications.graphId, graphId)).run().changes > 0;
}

export function getShare(graphId: string): GraphShareRow | null {
  if (unmatchable(graphId)) return null;
  return getDb().select().from(graphShares).where(eq(graphShares.graphId, graphId)).get() ?? null;
}

export function shareByToken(token: string): GraphShareRow | null {
  if (unmatchable(token)) return null;
  return getDb().select().from(graphShares).where(eq(graphShares.token, token)).get() ?? null;
}

export function putShare(graphId: string, settings: ShareSettings, at = new Date()): GraphShareRow {
  checkStorableJson('the share settings', settings);
  const row: GraphShareRow = { ...settings, graphId, updatedAt: at };
  try {
    getDb()
      .insert(graphShares)
      .values(row)
      .onConflictDoUpdate({ target: graphShares.graphId, set: { ...settings, updatedAt: at } })
      .run();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw notFound('graph');
    if (code === 'SQLITE_CONSTRAINT_UNIQUE') throw conflict('that share token is taken');
    throw err;
  }
  return row;
}

export function publicSpend(graphId: string, since: Date): number {
  if (unmatchable(graphId)) return 0;
  const row = getDb()
    .select({ usd: sql<number | null>`sum(json_extract(${runs.usage}, '$.cost_usd'))` })
    .from(runs)
    .where(and(eq(runs.graphId, graphId), eq(runs.source, 'public'), gte(runs.createdAt, since)))
    .get();
  return row?.usd ?? 0;
}
