import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCachedPages, getCachedPage } from '@/db/page-cache';
import { createPageCache } from '@/db/store/page-cache-port';
import { useTempDb } from '@/lib/runtime/testing/temp-db';
import type { LocalServer } from './testing/local-server';
import { startSearchApi, startSite, type FakeResult } from './testing/retrieval-servers';
import { runWebRetriever, type WebRetrieverSpec } from './web-retriever';
import { chunkText } from './chunk';

let api: LocalServer;
let site: LocalServer;
let results: FakeResult[] = [];
let db: { cleanup(): void };

beforeAll(async () => {
  db = useTempDb();
  api = await startSearchApi(() => results);
  site = await startSite();
  results = [
    { title: 'Install', url: `${site.origin}/install`, snippet: 'Switchyard needs Node.js 22.' },
    { title: 'Elsewhere', url: 'https://elsewhere.example/x', snippet: 'off the docs domain' },
    { title: 'Tools', url: `${site.origin}/tools`, snippet: 'web_retriever and document_sampler.' },
  ];
});
afterAll(async () => {
  await api.close();
  await site.close();
  db.cleanup();
});

const spec = (extra: Partial<WebRetrieverSpec> = {}): WebRetrieverSpec => ({ type: 'web_retriever', provider: 'searxng', url: api.origin, domains: ['127.0.0.1'], ...extra });
const ctx = (extra: Record<string, unknown> = {}) => ({ signal: new AbortController().signal, allowedHosts: ['127.0.0.1'], ...extra });
const docs = (out: { output: string }) => JSON.parse(out.output) as Array<{ content: string; meta: Record<string, unknown> }>;
const pageHits = () => site.hits.filter((h) => h.url === '/install' || h.url === '/tools').length;

describe('web retriever (seed 001 WebRetriever)', () => {
  it('snippets mode: the search snippets as documents, scoped to the domains', async () => {
    const out = await runWebRetriever(spec({ mode: 'snippets' }), { query: 'install' }, ctx());
    expect(docs(out)).toEqual([
      { content: 'Switchyard needs Node.js 22.', meta: { title: 'Install', url: `${site.origin}/install`, position: 1 } },
      { content: 'web_retriever and document_sampler.', meta: { title: 'Tools', url: `${site.origin}/tools`, position: 3 } },
    ]);
    expect(out.data).toMatchObject({ mode: 'snippets', results: 2, dropped_off_domain: ['https://elsewhere.example/x'] });
    expect(pageHits()).toBe(0);
  });

  it('documents mode: fetches the pages, keeps the article text (no navigation, scripts, styles, header or footer), in paragraph chunks', async () => {
    const before = pageHits();
    const out = await runWebRetriever(spec({ mode: 'documents', chunk_chars: 200, chunk_overlap: 0, top_k: 1, cache_ttl_s: 0 }), { query: 'install' }, ctx());
    expect(pageHits() - before).toBe(1);
    const d = docs(out);
    const text = d.map((x) => x.content).join('\n');
    for (const junk of ['NAVIGATION-LINKS', 'TRACKING-SCRIPT', 'INLINE-SCRIPT', 'font-family', 'SITE-HEADER', 'SITE-FOOTER']) expect(text).not.toContain(junk);
    expect(d.map((x) => x.content)).toEqual([
      'Installing Switchyard\n\nSwitchyard needs Node.js 22 or later. Clone the repository and run npm install to get its dependencies.',
      'The database is a SQLite file. Set SWITCHYARD_DB to choose where it lives; migrations run when the server starts.\n\nStart the server with npm run dev and open the editor at localhost port 3000.',
    ]);
    for (const x of d) expect(x.content.length).toBeLessThanOrEqual(200);
    expect(d.map((x) => x.meta)).toEqual([0, 1].map((chunk) => ({ title: 'Install | Switchyard', url: `${site.origin}/install`, position: 1, chunk })));
    expect(out.data.pages).toEqual([{ url: `${site.origin}/install`, cache: 'off', chunks: 2 }]);
  });

  it('caches pages: a second run within the TTL fetches nothing and says "hit"; after the TTL the page is fetched again', async () => {
    let now = 1_000_000;
    const pageCache = createPageCache({ now: () => now });
    const s = spec({ mode: 'documents', cache_ttl_s: 60 });
    const before = pageHits();
    const first = await runWebRetriever(s, { query: 'docs' }, ctx({ pageCache }));
    expect(pageHits() - before).toBe(2);
    expect(first.data).toMatchObject({ cache_hits: 0, pages: [{ cache: 'miss' }, { cache: 'miss' }] });
    expect(getCachedPage(`${site.origin}/tools`)).toMatchObject({ title: 'Tools | Switchyard', fetchedAt: 1_000_000 });

    now += 59_000;
    const second = await runWebRetriever(s, { query: 'docs' }, ctx({ pageCache }));
    expect(pageHits() - before).toBe(2); // nothing fetched
    expect(second.data).toMatchObject({ cache_hits: 2, pages: [{ cache: 'hit' }, { cache: 'hit' }] });
    expect(second.output).toBe(first.output);

    now += 2_000; // 61 s after the fetch: expired
    const third = await runWebRetriever(s, { query: 'docs' }, ctx({ pageCache }));
    expect(pageHits() - before).toBe(4);
    expect(third.data).toMatchObject({ cache_hits: 0, pages: [{ cache: 'expired' }, { cache: 'expired' }] });
    expect(getCachedPage(`${site.origin}/tools`)?.fetchedAt).toBe(1_061_000);
  });

  it('the cache is bounded: the oldest entries are evicted past its entry cap', async () => {
    let now = 5_000_000;
    const pageCache = createPageCache({ now: () => now, maxEntries: 2 });
    for (const n of [1, 2, 3]) {
      now += 1000;
      await pageCache.put(`https://bounded.example/${n}`, { title: `${n}`, text: `page ${n}` });
    }
    expect(await pageCache.get('https://bounded.example/1')).toBeUndefined();
    expect(await pageCache.get('https://bounded.example/3')).toMatchObject({ text: 'page 3' });
    expect(countCachedPages()).toBe(2);
  });

  it('top_p on the retriever samples the documents and traces every score', async () => {
    const out = await runWebRetriever(spec({ mode: 'snippets', top_p: 0.5 }), { query: 'Node.js install' }, ctx());
    expect(docs(out).map((d) => d.meta.title)).toEqual(['Install']);
    expect(out.data.sampling).toMatchObject({ top_p: 0.5, scorer: 'bm25', kept: 1, documents: [{ index: 0, kept: true }, { index: 1, kept: false }] });
  });

  it('SSRF: page fetches to private addresses are refused unless allow-listed (the snippet stands in, the trace says why)', async () => {
    const before = pageHits();
    const refused = await runWebRetriever(spec({ mode: 'documents', top_k: 1, cache_ttl_s: 0 }), { query: 'install' }, ctx({ allowedHosts: [`127.0.0.1:${api.port}`] }));
    expect(pageHits()).toBe(before); // the site (another port) was never reached
    expect(docs(refused)).toEqual([{ content: 'Switchyard needs Node.js 22.', meta: { title: 'Install', url: `${site.origin}/install`, position: 1, snippet: true } }]);
    expect((refused.data.pages as Array<{ error: string }>)[0].error).toMatch(/Refused to connect to 127\.0\.0\.1: loopback/);
    const allowed = await runWebRetriever(spec({ mode: 'documents', top_k: 1, cache_ttl_s: 0 }), { query: 'install' }, ctx({ allowedHosts: [`127.0.0.1:${api.port}`, `127.0.0.1:${site.port}`] }));
    expect(pageHits()).toBe(before + 1);
    expect(docs(allowed)[0].content).toContain('Installing Switchyard');
  });
});

describe('chunking', () => {
  const text = ['First paragraph is short.', 'Second paragraph is a little longer than the first one.', 'Third.'].join('\n\n');

  it('packs whole paragraphs up to chunk_chars', () => {
    expect(chunkText(text, { chunkChars: 85, overlap: 0 })).toEqual([
      'First paragraph is short.\n\nSecond paragraph is a little longer than the first one.',
      'Third.',
    ]);
  });

  it('cuts a long paragraph at sentence ends, then spaces; no chunk is longer than chunk_chars', () => {
    const long = 'One sentence here. Another sentence follows it. And a third one ends it.';
    expect(chunkText(long, { chunkChars: 50, overlap: 0 })).toEqual(['One sentence here. Another sentence follows it.', 'And a third one ends it.']);
    expect(chunkText(long, { chunkChars: 40, overlap: 0 })).toEqual(['One sentence here. Another sentence', 'follows it. And a third one ends it.']);
    expect(chunkText('x'.repeat(25), { chunkChars: 10, overlap: 0 })).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('with overlap, each chunk starts with the end of the one before (from a word start)', () => {
    const chunks = chunkText(text, { chunkChars: 60, overlap: 12 });
    expect(chunks[1].startsWith('is short.')).toBe(true);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(60);
  });
});
