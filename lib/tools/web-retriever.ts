/**
 * The `web_retriever` tool (seed 001 WebRetriever), over a web search (web-search.ts):
 *   snippets   the search results' snippets, as documents;
 *   documents  the top_k result pages fetched through the guarded client, reduced to their main
 *              text (web-retriever-extract.ts) and split into paragraph-sized documents (chunk.ts).
 *              Pages are cached by URL (PageCachePort, db/page-cache.ts) for `cache_ttl_s`; the
 *              trace's `pages` say per URL whether the cache answered (`cache: 'hit'`). A page that
 *              cannot be fetched (refused, an error status, not text) is replaced by its snippet.
 * With `top_p`, the documents are then sampled (document-sampler.ts).
 */
import type { ToolDefinition } from '../engine/ports';
import type { ToolSpec } from '../graph/schema';
import { AppError } from '../errors';
import { chunkText } from './chunk';
import { sampleDocuments } from './document-sampler';
import { documentsOutput, type ToolDocument } from './documents';
import { guardedFetch } from './http-client';
import type { ScorerContext } from './scorers';
import { extractMainText, type PageText } from './web-retriever-extract';
import { queryArg, queryToolDefinition, searchWeb, type SearchContext } from './web-search';

export type WebRetrieverSpec = Extract<ToolSpec, { type: 'web_retriever' }>;

export const RETRIEVER_DEFAULTS = { chunk_chars: 1000, chunk_overlap: 100, cache_ttl_s: 3600, top_k: 3 } as const;

/** Fetched pages by URL, with the clock their age is judged by (the engine stays pure: a port). */
export interface PageCachePort {
  get(url: string): Promise<(PageText & { fetchedAt: number }) | undefined>;
  put(url: string, page: PageText): Promise<void>;
  now(): number;
}

export interface RetrieverContext extends SearchContext, ScorerContext {
  pageCache?: PageCachePort;
  /** Most bytes read of a page. */
  maxResponseBytes?: number;
}

/** How a page was read: from the cache, fetched (not cached / expired / no cache), or not at all. */
export interface PageRead {
  url: string;
  cache: 'hit' | 'miss' | 'expired' | 'off';
  chunks?: number;
  error?: string;
}

export function webRetrieverDefinition(name: string, spec: WebRetrieverSpec): ToolDefinition {
  return queryToolDefinition(name, spec.description ?? 'Find web pages about a question and return the relevant passages, with their URLs.', spec.domains);
}

async function fetchPage(url: string, ctx: RetrieverContext): Promise<PageText> {
  const res = await guardedFetch({ url, method: 'GET', headers: { accept: 'text/html, text/plain;q=0.8' }, signal: ctx.signal, allowedHosts: ctx.allowedHosts, maxBytes: ctx.maxResponseBytes });
  if (res.status < 200 || res.status >= 300) throw new AppError('http_error', `answered ${res.status}`);
  const type = (res.headers['content-type'] ?? '').toLowerCase();
  const body = res.body.toString('utf8');
  if (type.startsWith('text/plain')) return { title: '', text: body };
  if (type && !type.includes('html')) throw new AppError('http_error', `not a web page (${type.split(';')[0]})`);
  return extractMainText(body);
}

/** A page's text: from the cache when it is younger than the TTL, else fetched (and cached). */
async function readPage(url: string, ttlS: number, ctx: RetrieverContext): Promise<{ page: PageText; read: PageRead }> {
  const cache = ctx.pageCache;
  if (!cache || ttlS <= 0) return { page: await fetchPage(url, ctx), read: { url, cache: 'off' } };
  const cached = await cache.get(url);
  if (cached && cache.now() - cached.fetchedAt < ttlS * 1000) return { page: cached, read: { url, cache: 'hit' } };
  const page = await fetchPage(url, ctx);
  await cache.put(url, page);
  return { page, read: { url, cache: cached ? 'expired' : 'miss' } };
}

export async function runWebRetriever(spec: WebRetrieverSpec, rawArgs: unknown, ctx: RetrieverContext): Promise<{ output: string; data: Record<string, unknown> }> {
  const query = queryArg(rawArgs);
  const { documents: hits, dropped } = await searchWeb({ ...spec, top_k: spec.top_k ?? RETRIEVER_DEFAULTS.top_k }, query, ctx);
  const mode = spec.mode ?? 'snippets';
  const data: Record<string, unknown> = { mode, results: hits.length, ...(dropped.length ? { dropped_off_domain: dropped } : {}) };
  let docs: ToolDocument[] = hits;
  if (mode === 'documents') {
    const ttl = spec.cache_ttl_s ?? RETRIEVER_DEFAULTS.cache_ttl_s;
    const opts = { chunkChars: spec.chunk_chars ?? RETRIEVER_DEFAULTS.chunk_chars, overlap: spec.chunk_overlap ?? RETRIEVER_DEFAULTS.chunk_overlap };
    const pages: PageRead[] = [];
    docs = [];
    for (const hit of hits) {
      const url = String(hit.meta.url ?? '');
      try {
        const { page, read } = await readPage(url, ttl, ctx);
        const chunks = chunkText(page.text, opts);
        pages.push({ ...read, chunks: chunks.length });
        chunks.forEach((content, chunk) => docs.push({ content, meta: { ...hit.meta, title: page.title || hit.meta.title, chunk } }));
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        pages.push({ url, cache: 'miss', error: err instanceof Error ? err.message : String(err) });
        docs.push({ content: hit.content, meta: { ...hit.meta, snippet: true } });
      }
    }
    data.pages = pages;
    data.cache_hits = pages.filter((p) => p.cache === 'hit').length;
  }
  if (spec.top_p !== undefined) {
    const sampled = await sampleDocuments(docs, query, spec.top_p, spec.scorer, ctx);
    docs = sampled.documents;
    data.sampling = sampled.trace;
  }
  return { output: documentsOutput(docs), data };
}
