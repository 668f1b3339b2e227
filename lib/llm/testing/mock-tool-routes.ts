/**
 * Fake back ends for the built-in tools, served by the mock server so e2e graphs need no internet:
 *   GET  /search?q=...&format=json   SearXNG-shaped results
 *   POST /serper/search {q}          Serper-shaped results
 *   ANY  /echo/...                   echoes method, path, query, headers and body as JSON
 *   GET  /redirect?to=URL            302 to URL (for SSRF redirect checks)
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from './mock-respond';

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

/** Results for queries containing `contains` (case-insensitive); first fixture that fits wins. */
export interface SearchFixture {
  contains: string;
  results: SearchHit[];
}

function searchFor(query: string, fixtures: SearchFixture[]): SearchHit[] {
  const q = query.toLowerCase();
  return fixtures.find((f) => q.includes(f.contains.toLowerCase()))?.results ?? [];
}

/** Handles the route and returns true, or returns false when it is not one of ours. */
export function handleToolRoute(
  method: string,
  url: URL,
  body: unknown,
  headers: Record<string, string>,
  res: ServerResponse,
  fixtures: SearchFixture[],
): boolean {
  const path = url.pathname;
  if (method === 'GET' && path === '/search') {
    const q = url.searchParams.get('q') ?? '';
    sendJson(res, 200, { query: q, results: searchFor(q, fixtures).map((h) => ({ title: h.title, url: h.url, content: h.snippet })) });
    return true;
  }
  if (method === 'POST' && path === '/serper/search') {
    const q = typeof (body as { q?: unknown })?.q === 'string' ? (body as { q: string }).q : '';
    sendJson(res, 200, { searchParameters: { q }, organic: searchFor(q, fixtures).map((h, i) => ({ title: h.title, link: h.url, snippet: h.snippet, position: i + 1 })) });
    return true;
  }
  if (path === '/echo' || path.startsWith('/echo/')) {
    sendJson(res, 200, { method, path, query: Object.fromEntries(url.searchParams), headers, body: body ?? null });
    return true;
  }
  if (method === 'GET' && path === '/redirect') {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
    res.end();
    return true;
  }
  return false;
}
