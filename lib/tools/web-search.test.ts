import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { formatHits, runWebSearch, scopedQuery } from './web-search';
import { startLocalServer, type LocalServer } from './testing/local-server';

let srv: LocalServer;
beforeAll(async () => {
  srv = await startLocalServer({
    '/search': (req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ results: [1, 2, 3].map((i) => ({ title: `T${i}`, url: `https://r${i}.example`, content: `about ${q}` })) }));
    },
    '/serper/search': (req, res, body) => {
      if (req.headers['x-api-key'] !== 'serper-key') {
        res.writeHead(403, { 'content-type': 'application/json' });
        return void res.end('{"message":"Unauthorized"}');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ organic: [{ title: 'S1', link: 'https://s1.example', snippet: `hit for ${JSON.parse(body).q}` }] }));
    },
  });
});
afterAll(() => srv.close());

const ctx = (env: Record<string, string> = {}) => ({ signal: new AbortController().signal, allowedHosts: ['127.0.0.1'], env });

describe('web search', () => {
  it('adds site: filters for the configured domains', () => {
    expect(scopedQuery('q', undefined)).toBe('q');
    expect(scopedQuery('q', ['docs.example.org'])).toBe('q site:docs.example.org');
    expect(scopedQuery('q', ['a.org', 'b.org'])).toBe('q (site:a.org OR site:b.org)');
  });

  it('formats results as numbered lines, and says when there are none', () => {
    expect(formatHits('q', [{ title: 'A', url: 'https://a', snippet: 's' }])).toBe('1. A — s (https://a)');
    expect(formatHits('q', [])).toBe('No results found for "q".');
  });

  it('queries SearXNG with format=json and keeps top_k results', async () => {
    const out = await runWebSearch({ type: 'web_search', provider: 'searxng', url: `${srv.origin}/`, top_k: 2, domains: ['docs.example.org'] }, { query: 'graphs' }, ctx());
    expect(out).toBe('1. T1 — about graphs site:docs.example.org (https://r1.example)\n2. T2 — about graphs site:docs.example.org (https://r2.example)');
    expect(srv.hits.at(-1)?.url).toBe('/search?format=json&q=graphs+site%3Adocs.example.org');
  });

  it('calls Serper with the key from the environment at the operator endpoint', async () => {
    const out = await runWebSearch({ type: 'web_search', provider: 'serper' }, 'Jason Sudeikis age', ctx({ SERPER_API_KEY: 'serper-key', SERPER_URL: `${srv.origin}/serper` }));
    expect(out).toBe('1. S1 — hit for Jason Sudeikis age (https://s1.example)');
  });

  it('says clearly when the Serper key is missing or refused', async () => {
    const missing = await runWebSearch({ type: 'web_search', provider: 'serper' }, { query: 'x' }, ctx()).catch((e: AppError) => e);
    expect((missing as AppError).message).toContain('Set SERPER_API_KEY');
    const refused = await runWebSearch({ type: 'web_search', provider: 'serper' }, { query: 'x' }, ctx({ SERPER_API_KEY: 'wrong', SERPER_URL: `${srv.origin}/serper` })).catch((e: AppError) => e);
    expect((refused as AppError).message).toMatch(/answered 403 \(check the API key\)/);
  });

  it('never sends the Serper key to a URL the graph chose', async () => {
    const err = await runWebSearch({ type: 'web_search', provider: 'serper', url: 'https://evil.example' }, { query: 'x' }, ctx({ SERPER_API_KEY: 'serper-key' })).catch((e: AppError) => e);
    expect((err as AppError).message).toContain('only for searxng');
  });

  it('refuses an empty query', async () => {
    const err = await runWebSearch({ type: 'web_search', provider: 'searxng', url: srv.origin }, { query: '  ' }, ctx()).catch((e: AppError) => e);
    expect((err as AppError).message).toContain('query must not be empty');
  });
});
