/** A graph's publication and share settings on Postgres, natively (db/store/ports-publishing.ts), as db/publishing.ts keeps them on SQLite. */
import 'server-only';
import { and, eq, gte, sql } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/errors';
import { graphPublications, graphShares, graphVersions, graphs, runs } from '../../schema-pg';
import { isVersionNumber } from '../graph-rules';
import { checkStorableJson, unmatchable } from '../storable';
import type { GraphPublicationRow, GraphShareRow, PublicationRepository, ShareRepository } from '../ports';
import { isUniqueViolation, pgCode, pgDb } from './db';

export const pgPublications: PublicationRepository = {
  async get(graphId) {
    if (unmatchable(graphId)) return null;
    const [row] = await (await pgDb()).select().from(graphPublications).where(eq(graphPublications.graphId, graphId));
    return (row as GraphPublicationRow | undefined) ?? null;
  },
  async publish(graphId, input) {
    checkStorableJson('the publication', { graphId, note: input.note, publishedBy: input.publishedBy });
    return (await pgDb()).transaction(async (tx) => {
      const [graph] = await tx.select({ id: graphs.id }).from(graphs).where(eq(graphs.id, graphId)).for('key share');
      if (!graph) throw notFound('graph');
      const [exists] = isVersionNumber(input.version)
        ? await tx.select({ v: graphVersions.version }).from(graphVersions).where(and(eq(graphVersions.graphId, graphId), eq(graphVersions.version, input.version)))
        : [];
      if (!exists) throw notFound(`version ${input.version} of the graph`);
      const row: GraphPublicationRow = { graphId, version: input.version, note: input.note, publishedBy: input.publishedBy, publishedAt: input.at ?? new Date() };
      await tx
        .insert(graphPublications)
        .values(row)
        .onConflictDoUpdate({ target: graphPublications.graphId, set: { version: row.version, note: row.note, publishedBy: row.publishedBy, publishedAt: row.publishedAt } });
      return row;
    });
  },
  async unpublish(graphId) {
    if (unmatchable(graphId)) return false;
    const gone = await (await pgDb()).delete(graphPublications).where(eq(graphPublications.graphId, graphId)).returning({ id: graphPublications.graphId });
    return gone.length > 0;
  },
};

export const pgShares: ShareRepository = {
  async get(graphId) {
    if (unmatchable(graphId)) return null;
    const [row] = await (await pgDb()).select().from(graphShares).where(eq(graphShares.graphId, graphId));
    return (row as GraphShareRow | undefined) ?? null;
  },
  async byToken(token) {
    if (unmatchable(token)) return null;
    const [row] = await (await pgDb()).select().from(graphShares).where(eq(graphShares.token, token));
    return (row as GraphShareRow | undefined) ?? null;
  },
  async put(graphId, settings, at = new Date()) {
    checkStorableJson('the share settings', settings);
    const row: GraphShareRow = { ...settings, graphId, updatedAt: at };
    try {
      await (await pgDb())
        .insert(graphShares)
        .values(row)
        .onConflictDoUpdate({ target: graphShares.graphId, set: { ...settings, updatedAt: at } });
    } catch (err) {
      if (pgCode(err) === '23503') throw notFound('graph');
      if (isUniqueViolation(err)) throw conflict('that share token is taken');
      throw err;
    }
    return row;
  },
  async publicSpend(graphId, since) {
    if (unmatchable(graphId)) return 0;
    const [row] = await (await pgDb())
      .select({ usd: sql<string | null>`sum((${runs.usage}::jsonb ->> 'cost_usd')::numeric)` })
      .from(runs)
      .where(and(eq(runs.graphId, graphId), eq(runs.source, 'public'), gte(runs.createdAt, since)));
    return row?.usd == null ? 0 : Number(row.usd);
  },
};
