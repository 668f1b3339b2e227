/**
 * The page cache as the tools' PageCachePort (lib/tools/web-retriever.ts) sees it, over the async
 * store (db/store/ports-settings.ts). The clock is the cache's (`now`), so tests judge expiry
 * without waiting. A page the store cannot hold (a NUL character in its text) is simply not cached.
 */
import 'server-only';
import { AppError } from '@/lib/errors';
import { getStore } from './index';
import { PAGE_CACHE_LIMITS } from './ports-settings';

export interface PageCacheOptions {
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
}

export function createPageCache(opts: PageCacheOptions = {}) {
  const now = opts.now ?? Date.now;
  const limits = { maxEntries: opts.maxEntries ?? PAGE_CACHE_LIMITS.maxEntries, maxBytes: opts.maxBytes ?? PAGE_CACHE_LIMITS.maxBytes };
  return {
    get: (url: string) => getStore().pageCache.get(url),
    async put(url: string, page: { title: string; text: string }) {
      try {
        await getStore().pageCache.put(url, page, now(), limits);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'bad_request')) throw err;
      }
    },
    now,
  };
}
