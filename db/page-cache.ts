/**
 * The web_retriever's page cache (db/schema/page-cache.ts): the main text of fetched pages by URL.
 * Bounded: after each write, the oldest entries beyond `maxEntries` or `maxBytes` of text are
 * evicted. The synchronous queries under the async store's SQLite implementation (db/store/sqlite.ts);
 * the tools reach the cache through db/store/page-cache-port.ts.
 */
import 'server-only';
import { desc, eq, inArray } from 'drizzle-orm';
import { getDb } from './client';
import type { Conn } from './graphs';
import { pageCache } from './schema/page-cache';
import { PAGE_CACHE_LIMITS, type CachedPage, type PageCacheLimits } from './store/ports-settings';
import { checkStorableJson, unmatchable } from './store/storable';

export type { CachedPage } from './store/ports-settings';

export function getCachedPage(url: string): CachedPage | undefined {
  if (unmatchable(url)) return undefined;
  const row = getDb().select().from(pageCache).where(eq(pageCache.url, url)).get();
  return row ? { title: row.title, text: row.text, fetchedAt: row.fetchedAt } : undefined;
}

/** Stores a page, then evicts the oldest entries past the caps (the page just stored is never evicted). */
export function putCachedPage(url: string, page: { title: string; text: string }, fetchedAt: number, limits: PageCacheLimits = PAGE_CACHE_LIMITS): void {
  checkStorableJson('the page', { url, ...page });
  const db = getDb();
  db.transaction((tx) => evictAfterPut(tx, url, page, fetchedAt, limits));
}

function evictAfterPut(db: Conn, url: string, page: { title: string; text: string }, fetchedAt: number, limits: PageCacheLimits): void {
  const values = { title: page.title, text: page.text, bytes: Buffer.byteLength(page.text, 'utf8'), fetchedAt };
  db.insert(pageCache).values({ url, ...values }).onConflictDoUpdate({ target: pageCache.url, set: values }).run();
  const rows = db.select({ url: pageCache.url, bytes: pageCache.bytes }).from(pageCache).orderBy(desc(pageCache.fetchedAt), desc(pageCache.url)).all();
  const evict: string[] = [];
  let bytes = 0;
  rows.forEach((r, i) => {
    bytes += r.bytes;
    if (r.url !== url && (i >= limits.maxEntries || bytes > limits.maxBytes)) evict.push(r.url);
  });
  if (evict.length) db.delete(pageCache).where(inArray(pageCache.url, evict)).run();
}

export function countCachedPages(): number {
  return getDb().select({ url: pageCache.url }).from(pageCache).all().length;
}
