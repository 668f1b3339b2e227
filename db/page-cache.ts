/**
 * The web_retriever's page cache (db/schema/page-cache.ts): the main text of fetched pages by URL.
 * Bounded: after each write, the oldest entries beyond `maxEntries` or `maxBytes` of text are
 * evicted. The clock is the cache's (`now`), so tests judge expiry without waiting.
 */
import 'server-only';
import { desc, eq, inArray } from 'drizzle-orm';
import { getDb } from './client';
import { pageCache } from './schema/page-cache';

export interface CachedPage {
  title: string;
  text: string;
  /** Epoch milliseconds. */
  fetchedAt: number;
}

export interface PageCacheOptions {
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
}

export const PAGE_CACHE_LIMITS = { maxEntries: 500, maxBytes: 32 * 1024 * 1024 } as const;

export function getCachedPage(url: string): CachedPage | undefined {
  const row = getDb().select().from(pageCache).where(eq(pageCache.url, url)).get();
  return row ? { title: row.title, text: row.text, fetchedAt: row.fetchedAt } : undefined;
}

/** Stores a page, then evicts the oldest entries past the caps (the page just stored is never evicted). */
export function putCachedPage(url: string, page: { title: string; text: string }, fetchedAt: number, limits: { maxEntries: number; maxBytes: number } = PAGE_CACHE_LIMITS): void {
  const db = getDb();
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

/** The cache as the tools' PageCachePort (lib/tools/web-retriever.ts) sees it. */
export function createPageCache(opts: PageCacheOptions = {}) {
  const now = opts.now ?? Date.now;
  const limits = { maxEntries: opts.maxEntries ?? PAGE_CACHE_LIMITS.maxEntries, maxBytes: opts.maxBytes ?? PAGE_CACHE_LIMITS.maxBytes };
  return {
    get: async (url: string) => getCachedPage(url),
    put: async (url: string, page: { title: string; text: string }) => putCachedPage(url, page, now(), limits),
    now,
  };
}
