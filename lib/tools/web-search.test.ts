import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { inDomains, normalDomain, runWebSearch, scopedQuery } from './web-search';
import { startSearchApi, type FakeResult } from './testing/retrieval-servers';
import type { LocalServer } from './testing/local-server';

const RESULTS: FakeResult[] = [
  { title: 'Other', url: 'https://blog.other.example/post', snippet: 'off-site' },
  { title: 'Install', url: 'https://docs.example.org/install', snippet: 'How to install' },
  { title: 'Look-alike', url: 'https://evildocs.example.org/x', snippet: 'not a subdomain' },
  { title: 'API', url: 'https://api.docs.example.org/ref', snippet: 'API reference' },
  { title: 'Tools', url: 'https://docs.example.org/tools', snippet: 'Tools page' },
];

let api: LocalServer;
beforeAll(async () => {
  api = await startSearchApi(() => RESULTS);
});
afterAll(() => api.close());

const ctx = (env: Record<string, string> = {}) => ({ signal: new AbortController().signal, allowedHosts: ['127.0.0.1'], env });
const docs = (out: { output: string }) => JSON.parse(out.output) as Array<{ content: string; meta: { title: string; url: string; position: number } }>;

describe('web search (seed 001 SearchEngine)', () => {
  it('scopes the query with site: operators', () => {
    expect(scopedQuery('q', undefined)).toBe('q');
    expect(scopedQuery('q', ['docs.example.org'])).toBe('q site:docs.example.org');
    expect(scopedQuery('q', ['https://a.org/path', '*.b.org'])).toBe('q (site:a.org OR site:b.org)');
    expect(normalDomain(' Docs.Example.ORG. ')).toBe('docs.example.org');
  });

  it('keeps a result only when its host is a domain or a subdomain of one', () => {
    expect(inDomains('https://docs.example.org/a', ['docs.example.org'])).toBe(true);
    expect(inDomains('https://api.docs.example.org/a', ['docs.example.org'])).toBe(true);
    expect(inDomains('https://evildocs.example.org/a', ['docs.example.org'])).toBe(false);
    expect(inDomains('https://docs.example.org.evil.net/a', ['docs.example.org'])).toBe(false);
    expect(inDomains('not a url', ['docs.example.org'])).toBe(false);
    expect(inDomains('https://anything.example', undefined)).toBe(true);
  });

  it('SearXNG: results are documents { content: snippet, meta: { title, url, position } }, filtered to the domains, top_k of them', async () => {
    const out = await runWebSearch({ type: 'web_search', provider: 'searxng', url: `${api.origin}/`, domains: ['docs.example.org'], top_k: 2 }, { query: 'install' }, ctx());
    expect(docs(out)).toEqual([
      { content: 'How to install', meta: { title: 'Install', url: 'https://docs.example.org/install', position: 2 } },
      { content: 'API reference', meta: { title: 'API', url: 'https://api.docs.example.org/ref', position: 4 } },
    ]);
    expect(out.data.dropped_off_domain).toEqual(['https://blog.other.example/post', 'https://evildocs.example.org/x']);
    expect(api.hits.at(-1)?.url).toBe('/search?format=json&q=install+site%3Adocs.example.org');
  });

  it('Serper: the key from the environment, at the operator endpoint', async () => {
    const out = await runWebSearch({ type: 'web_search', provider: 'serper', domains: ['docs.example.org'] }, 'tools', ctx({ SERPER_API_KEY: 'serper-key', SERPER_URL: `${api.origin}/serper` }));
    expect(docs(out).map((d) => d.meta.url)).toEqual(['https://docs.example.org/install', 'https://api.docs.example.org/ref', 'https://docs.example.org/tools']);
    expect(JSON.parse(api.hits.at(-1)!.body)).toEqual({ q: 'tools site:docs.example.org', num: 5 });
  });

  it('SerpAPI: api_key from SERPAPI_API_KEY at SERPAPI_URL, organic_results as documents', async () => {
    const out = await runWebSearch({ type: 'web_search', provider: 'serpapi', top_k: 3 }, { query: 'tools' }, ctx({ SERPAPI_API_KEY: 'serpapi-key', SERPAPI_URL: `${api.origin}/serpapi` }));
    expect(docs(out).map((d) => d.meta.position)).toEqual([1, 2, 3]);
    const hit = new URL(api.hits.at(-1)!.url, 'http://x');
    expect(hit.pathname).toBe('/serpapi/search.json');
    expect(Object.fromEntries(hit.searchParams)).toEqual({ engine: 'google', q: 'tools', num: '3', api_key: 'serpapi-key' });
    const refused = await runWebSearch({ type: 'web_search', provider: 'serpapi' }, 'x', ctx({ SERPAPI_API_KEY: 'wrong', SERPAPI_URL: `${api.origin}/serpapi` })).catch((e: AppError) => e);
    expect((refused as AppError).message).toMatch(/answered 401 \(check the API key\)/);
    expect((refused as AppError).message).not.toContain('wrong'); // the key (in the query string) is never shown
  });

  it('says clearly when a key is missing or refused', async () => {
    for (const provider of ['serper', 'serpapi'] as const) {
      const missing = await runWebSearch({ type: 'web_search', provider }, { query: 'x' }, ctx()).catch((e: AppError) => e);
      expect((missing as AppError).message).toContain(`Set ${provider.toUpperCase()}_API_KEY`);
    }
    const refused = await runWebSearch({ type: 'web_search', provider: 'serper' }, { query: 'x' }, ctx({ SERPER_API_KEY: 'wrong', SERPER_URL: `${api.origin}/serper` })).catch((e: AppError) => e);
    expect((refused as AppError).message).toMatch(/answered 403 \(check the API key\)/);
  });

  it('never sends a key to a URL the graph chose', async () => {
    for (const provider of ['serper', 'serpapi'] as const) {
      const err = await runWebSearch({ type: 'web_search', provider, url: 'https://evil.example' }, { query: 'x' }, ctx({ SERPER_API_KEY: 'k', SERPAPI_API_KEY: 'k' })).catch((e: AppError) => e);
      expect((err as AppError).message).toContain('only for searxng');
    }
  });

  it('refuses an empty query', async () => {
    const err = await runWebSearch({ type: 'web_search', provider: 'searxng', url: api.origin }, { query: '  ' }, ctx()).catch((e: AppError) => e);
    expect((err as AppError).message).toContain('query must not be empty');
  });
});
