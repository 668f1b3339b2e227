/**
 * Local stand-ins for the retrieval tools' back ends (node:http on 127.0.0.1, free ports):
 *   a search API in the Serper (POST /serper/search), SerpAPI (GET /serpapi/search.json) and
 *   SearXNG (GET /search?format=json) shapes, answering every query with `results`;
 *   a small site of HTML pages with navigation, scripts and styles around their article;
 *   a rerank (POST /v1/rerank) and an embeddings (POST /v1/embeddings) endpoint.
 */
import { startLocalServer, type LocalServer } from './local-server';

export interface FakeResult {
  title: string;
  url: string;
  snippet: string;
}

const send = (res: import('node:http').ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** The search API; `results(query)` is asked on every request (the query with its site: operators). */
export function startSearchApi(results: (query: string) => FakeResult[], keys = { serper: 'serper-key', serpapi: 'serpapi-key' }): Promise<LocalServer> {
  return startLocalServer({
    '/serper/search': (req, res, body) => {
      if (req.headers['x-api-key'] !== keys.serper) return send(res, 403, { message: 'Unauthorized' });
      send(res, 200, { organic: results(String(JSON.parse(body).q)).map((r, i) => ({ title: r.title, link: r.url, snippet: r.snippet, position: i + 1 })) });
    },
    '/serpapi/search.json': (req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.searchParams.get('api_key') !== keys.serpapi) return send(res, 401, { error: 'Invalid API key.' });
      send(res, 200, { search_metadata: { status: 'Success' }, organic_results: results(u.searchParams.get('q') ?? '').map((r, i) => ({ position: i + 1, title: r.title, link: r.url, snippet: r.snippet })) });
    },
    '/search': (req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
      send(res, 200, { query: q, results: results(q).map((r) => ({ title: r.title, url: r.url, content: r.snippet })) });
    },
  });
}

const chrome = (title: string, article: string) => `<!doctype html>
<html><head><title>${title}</title>
<style>body { font-family: sans-serif } .nav { color: red }</style>
<script>window.analytics = "TRACKING-SCRIPT";</script>
</head><body>
<nav class="nav"><a href="/">Home</a> | <a href="/install">Install</a> | <a href="/tools">Tools</a> | NAVIGATION-LINKS</nav>
<header><p>Switchyard docs — SITE-HEADER</p></header>
<main><article>${article}<script>console.log("INLINE-SCRIPT")</script></article></main>
<footer><p>© Switchyard — SITE-FOOTER</p></footer>
</body></html>`;

export const SITE_PAGES: Record<string, string> = {
  '/install': chrome(
    'Install | Switchyard',
    `<h1>Installing Switchyard</h1>
<p>Switchyard needs Node.js 22 or later. Clone the repository and run npm install to get its dependencies.</p>
<p>The database is a SQLite file. Set SWITCHYARD_DB to choose where it lives; migrations run when the server starts.</p>
<p>Start the server with npm run dev and open the editor at localhost port 3000.</p>`,
  ),
  '/tools': chrome(
    'Tools | Switchyard',
    `<h1>Tools</h1>
<p>A web_retriever searches the web and returns passages of the pages it finds, cached by URL.</p>
<p>A document_sampler keeps the smallest set of documents whose relevance reaches top_p.</p>`,
  ),
};

/** The site; every page fetch is counted in `hits` (LocalServer). */
export function startSite(pages: Record<string, string> = SITE_PAGES): Promise<LocalServer> {
  const routes = Object.fromEntries(Object.entries(pages).map(([path, html]) => [path, (_req: unknown, res: import('node:http').ServerResponse) => send(res, 200, html, 'text/html; charset=utf-8')]));
  return startLocalServer(routes);
}

/**
 * Rerank and embeddings endpoints. Rerank scores come from `scores` by the document's first word;
 * embeddings are fixed vectors by first word too (the query's first word `q`).
 */
export function startModelEndpoints(scores: Record<string, number>, vectors: Record<string, number[]>, key = 'sk-scorer'): Promise<LocalServer> {
  const firstWord = (s: string) => s.trim().split(/\s+/)[0] ?? '';
  const authed = (req: import('node:http').IncomingMessage) => req.headers.authorization === `Bearer ${key}`;
  return startLocalServer({
    '/v1/rerank': (req, res, body) => {
      if (!authed(req)) return send(res, 401, { error: 'bad key' });
      const { documents } = JSON.parse(body) as { query: string; documents: string[] };
      send(res, 200, { results: documents.map((d, index) => ({ index, relevance_score: scores[firstWord(d)] ?? 0 })).sort((a, b) => b.relevance_score - a.relevance_score) });
    },
    '/v1/embeddings': (req, res, body) => {
      if (!authed(req)) return send(res, 401, { error: 'bad key' });
      const { input } = JSON.parse(body) as { input: string[] };
      send(res, 200, { object: 'list', data: input.map((s, index) => ({ object: 'embedding', index, embedding: vectors[index === 0 ? 'q' : firstWord(s)] ?? [0, 0, 1] })) });
    },
  });
}
