/**
 * Pages fetched by the `web_retriever` tool (issue 10), keyed by URL: the extracted main text and
 * when it was fetched. Entries older than a tool's `cache_ttl_s` are fetched again; the table is
 * bounded (db/page-cache.ts evicts the oldest entries past its entry and byte caps).
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const pageCache = sqliteTable(
  'page_cache',
  {
    url: text('url').primaryKey(),
    /** The page's title as the extractor read it ('' when none). */
    title: text('title').notNull().default(''),
    /** The extracted main text (paragraphs separated by blank lines). */
    text: text('text').notNull(),
    /** UTF-8 size of `text`, for the byte cap. */
    bytes: integer('bytes').notNull(),
    /** Epoch milliseconds, from the cache's clock. */
    fetchedAt: integer('fetched_at').notNull(),
  },
  (t) => [index('page_cache_fetched_at').on(t.fetchedAt)],
);

export type PageCacheRow = typeof pageCache.$inferSelect;
