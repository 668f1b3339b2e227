/** The PageCacheRepository contract (db/store/ports-settings.ts). */
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import { codeOf } from './fixtures';

export function pageCacheSpecs(store: () => Store): void {
  const cache = () => store().pageCache;
  const page = (text: string) => ({ title: `t ${text.slice(0, 10)}`, text });
  const urls = async (candidates: string[]) => {
    const held: string[] = [];
    for (const u of candidates) if (await cache().get(u)) held.push(u);
    return held;
  };

  describe('pageCache.put and get', () => {
    it('stores a page by URL and replaces it', async () => {
      await cache().put('https://a.example/x', page('first'), 1000);
      expect(await cache().get('https://a.example/x')).toEqual({ title: 't first', text: 'first', fetchedAt: 1000 });
      await cache().put('https://a.example/x', { title: '', text: 'second' }, 2000);
      expect(await cache().get('https://a.example/x')).toEqual({ title: '', text: 'second', fetchedAt: 2000 });
      expect(await cache().count()).toBe(1);
    });
    it('get is undefined for an unknown URL and for one no row can have', async () => {
      expect(await cache().get('https://missing.example/')).toBeUndefined();
      expect(await cache().get('https://a.example/\0')).toBeUndefined();
    });
    it('refuses a NUL character in the text with bad_request and stores nothing', async () => {
      expect(await codeOf(cache().put('https://a.example/nul', page('a\0b'), 1))).toBe('bad_request');
      expect(await cache().count()).toBe(0);
    });
  });

  describe('pageCache eviction', () => {
    it('past maxEntries the oldest go (by fetchedAt, then URL)', async () => {
      const limits = { maxEntries: 2, maxBytes: 1_000_000 };
      await cache().put('https://e/1', page('one'), 10, limits);
      await cache().put('https://e/2', page('two'), 20, limits);
      await cache().put('https://e/3', page('three'), 30, limits);
      expect(await urls(['https://e/1', 'https://e/2', 'https://e/3'])).toEqual(['https://e/2', 'https://e/3']);
      expect(await cache().count()).toBe(2);
    });
    it('past maxBytes of text the oldest go; the page just stored stays even when it is the oldest and past the limit', async () => {
      const limits = { maxEntries: 100, maxBytes: 10 };
      await cache().put('https://b/1', page('aaaa'), 10, limits);
      await cache().put('https://b/2', page('bbbb'), 20, limits);
      await cache().put('https://b/3', page('éééé'), 30, limits); // 8 bytes of UTF-8: 12 with b/2, so b/2 and b/1 go
      expect(await urls(['https://b/1', 'https://b/2', 'https://b/3'])).toEqual(['https://b/3']);
      await cache().put('https://b/old', page('x'.repeat(50)), 1, limits);
      expect(await urls(['https://b/3', 'https://b/old'])).toEqual(['https://b/3', 'https://b/old']);
    });
    it('concurrent puts leave the cache within its limits (plus the page stored last, which is never evicted), the newest kept', async () => {
      const limits = { maxEntries: 3, maxBytes: 1_000_000 };
      await Promise.all(Array.from({ length: 8 }, (_, i) => cache().put(`https://c/${i}`, page(`p${i}`), 100 + i, limits)));
      expect(await cache().count()).toBeLessThanOrEqual(4);
      expect(await urls(['https://c/5', 'https://c/6', 'https://c/7'])).toEqual(['https://c/5', 'https://c/6', 'https://c/7']);
    });
  });
}
