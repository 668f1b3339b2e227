/**
 * The small repositories on Postgres, natively (db/store/ports-settings.ts): a graph's tests, the
 * page cache, `meta`, and first-start seeding in one transaction.
 */
import 'server-only';
import { and, count, eq, sql } from 'drizzle-orm';
import { notFound } from '@/lib/errors';
import { graphTests, graphs, meta, pageCache } from '../../schema-pg';
import { checkStorableJson, unmatchable } from '../storable';
import { EXAMPLES_SEEDED, PAGE_CACHE_LIMITS } from '../ports-settings';
import { DEFAULT_WORKSPACE_ID } from '../ports-workspaces';
import type { GraphTestsRepository, GraphTestsRow, MetaRepository, PageCacheRepository, SeedExamples } from '../ports';
import { pgCode, pgDb } from './db';
import { insertGraph } from './graphs';

export const pgGraphTests: GraphTestsRepository = {
  async get(graphId) {
    if (unmatchable(graphId)) return undefined;
    const [row] = await (await pgDb()).select().from(graphTests).where(eq(graphTests.graphId, graphId));
    return row as GraphTestsRow | undefined;
  },
  async put(graphId, yaml) {
    checkStorableJson('the tests', yaml);
    if (unmatchable(graphId)) throw notFound('graph');
    const updatedAt = new Date();
    try {
      const [row] = await (await pgDb())
        .insert(graphTests)
        .values({ graphId, yaml, updatedAt })
        .onConflictDoUpdate({ target: graphTests.graphId, set: { yaml, updatedAt } })
        .returning();
      return row as GraphTestsRow;
    } catch (err) {
      // The graph's foreign key: no such graph (or it was deleted meanwhile).
      if (pgCode(err) === '23503') throw notFound('graph');
      throw err;
    }
  },
};

export const pgPageCache: PageCacheRepository = {
  async get(url) {
    if (unmatchable(url)) return undefined;
    const [row] = await (await pgDb()).select({ title: pageCache.title, text: pageCache.text, fetchedAt: pageCache.fetchedAt }).from(pageCache).where(eq(pageCache.url, url));
    return row ? { title: row.title as string, text: row.text as string, fetchedAt: Number(row.fetchedAt) } : undefined;
  },
  async put(url, page, fetchedAt, limits = PAGE_CACHE_LIMITS) {
    checkStorableJson('the page', { url, ...page });
    const values = { title: page.title, text: page.text, bytes: Buffer.byteLength(page.text, 'utf8'), fetchedAt };
    await (await pgDb()).transaction(async (tx) => {
      // One writer at a time: concurrent puts would each count the others' rows and evict too little.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchyard.page_cache'))`);
      await tx.insert(pageCache).values({ url, ...values }).onConflictDoUpdate({ target: pageCache.url, set: values });
      // Newest first (by fetched_at, then URL): a row goes when it is past maxEntries, or the text up to it is past maxBytes.
      await tx.execute(sql`
        delete from ${pageCache} where ${pageCache.url} in (
          select url from (
            select url, row_number() over w as n, sum(bytes) over w as total
            from ${pageCache}
            window w as (order by fetched_at desc, url desc rows between unbounded preceding and current row)
          ) ranked
          where url <> ${url} and (n > ${limits.maxEntries} or total > ${limits.maxBytes})
        )`);
    });
  },
  async count() {
    const [row] = await (await pgDb()).select({ n: count() }).from(pageCache);
    return Number(row?.n ?? 0);
  },
};

export const pgMeta: MetaRepository = {
  async get(key) {
    if (unmatchable(key)) return null;
    const [row] = await (await pgDb()).select({ value: meta.value }).from(meta).where(eq(meta.key, key));
    return (row?.value as string | undefined) ?? null;
  },
  async set(key, value) {
    checkStorableJson('the meta entry', { key, value });
    await (await pgDb()).insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
  },
};

/**
 * The flag is written first: of processes seeding together, the first insert wins and the others
 * wait on it (the key's unique index) and then find it taken, so exactly one seeds.
 */
export const pgSeedExamples: SeedExamples = async (docs) => {
  return (await pgDb()).transaction(async (tx) => {
    const at = new Date();
    const flagged = await tx.insert(meta).values({ key: EXAMPLES_SEEDED, value: at.toISOString() }).onConflictDoNothing().returning({ key: meta.key });
    if (!flagged.length) return { ran: false, seeded: [] };
    const seeded: string[] = [];
    for (const doc of docs) {
      if (!unmatchable(doc.name) && (await tx.select({ id: graphs.id }).from(graphs).where(and(eq(graphs.workspaceId, DEFAULT_WORKSPACE_ID), eq(graphs.name, doc.name)))).length) continue;
      await insertGraph(tx, doc, at, DEFAULT_WORKSPACE_ID);
      seeded.push(doc.name);
    }
    return { ran: true, seeded };
  });
};
