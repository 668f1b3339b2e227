/**
 * The `web_search` tool (seed 001 SearchEngine): Serper, SerpAPI or a SearXNG instance, through the
 * guarded client. Results are documents `{ content: snippet, meta: { title, url, position } }`.
 *   serper   POST {SERPER_URL or https://google.serper.dev}/search, X-API-KEY from env SERPER_API_KEY.
 *   serpapi  GET {SERPAPI_URL or https://serpapi.com}/search.json?engine=google&q=..., api_key from
 *            env SERPAPI_API_KEY.
 *            Both endpoints are the operator's choice (env), never the graph's, so a graph cannot
 *            send a key elsewhere.
 *   searxng  GET {spec.url}/search?format=json&q=...
 * `domains` scopes the query with site: operators and drops results whose host is not one of them
 * (or a subdomain of one). The web_retriever tool searches through `searchWeb` too.
 */
import { z } from 'zod';
import { AppError } from '../errors';
import type { ToolDefinition } from '../engine/ports';
import type { ToolSpec } from '../graph/schema';
import { documentsOutput, type ToolDocument } from './documents';
import { guardedFetch, safeUrl } from './http-client';
import { upstreamError } from './tool-call';

export type WebSearchSpec = Extract<ToolSpec, { type: 'web_search' }>;
/** The search fields a web_search and a web_retriever share. */
export type SearchOptions = Pick<WebSearchSpec, 'provider' | 'url' | 'domains' | 'top_k'>;

export const QueryArgs = z.object({ query: z.string().trim().min(1, 'query must not be empty').max(2000) });

const DEFAULT_TOP_K = 5;
const SERPER_DEFAULT_URL = 'https://google.serper.dev';
const SERPAPI_DEFAULT_URL = 'https://serpapi.com';

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export function webSearchDefinition(name: string, spec: WebSearchSpec): ToolDefinition {
  return queryToolDefinition(name, spec.description ?? 'Search the web. Useful for questions about current events; ask targeted questions.', spec.domains);
}

/** A tool with one `query` parameter; a domain scope is added to its description. */
export function queryToolDefinition(name: string, description: string, domains: string[] | undefined): ToolDefinition {
  const scope = domains?.length ? ` Results are limited to ${domains.join(', ')}.` : '';
  return {
    type: 'function',
    function: {
      name,
      description: description + scope,
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to search for' } },
        required: ['query'],
        additionalProperties: false,
      },
    },
  };
}

/** A domain as written in `domains:` (a host, maybe with a scheme, path or leading `*.`), as a bare lowercase host. */
export function normalDomain(domain: string): string {
  let d = domain.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/^\*?\./, '').replace(/\.$/, '');
  return d;
}

/** The query with site: filters for the configured domains. */
export function scopedQuery(query: string, domains: string[] | undefined): string {
  const sites = (domains ?? []).map(normalDomain).filter(Boolean).map((d) => `site:${d}`);
  if (!sites.length) return query;
  return sites.length === 1 ? `${query} ${sites[0]}` : `${query} (${sites.join(' OR ')})`;
}

/** Whether `url`'s host is one of `domains` or a subdomain of one (always true without domains). */
export function inDomains(url: string, domains: string[] | undefined): boolean {
  const wanted = (domains ?? []).map(normalDomain).filter(Boolean);
  if (!wanted.length) return true;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return wanted.some((d) => host === d || host.endsWith(`.${d}`));
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

interface Box {
  answer?: unknown;
  snippet?: unknown;
  title?: unknown;
  link?: unknown;
}

function boxHit(box: Box | undefined): SearchHit[] {
  return box && (str(box.answer) || str(box.snippet)) ? [{ title: str(box.title) || 'Answer', url: str(box.link), snippet: str(box.answer) || str(box.snippet) }] : [];
}

function organic(list: unknown): SearchHit[] {
  return (Array.isArray(list) ? list : []).map((o) => {
    const r = o as Record<string, unknown>;
    return { title: str(r.title), url: str(r.link), snippet: str(r.snippet) };
  });
}

export function parseSerper(json: unknown): SearchHit[] {
  const j = json as { answerBox?: Box; organic?: unknown } | null;
  return [...boxHit(j?.answerBox), ...organic(j?.organic)];
}

export function parseSerpapi(json: unknown): SearchHit[] {
  const j = json as { answer_box?: Box; organic_results?: unknown; error?: unknown } | null;
  if (str(j?.error)) throw new AppError('http_error', `SerpAPI: ${str(j?.error)}`);
  return [...boxHit(j?.answer_box), ...organic(j?.organic_results)];
}

export function parseSearxng(json: unknown): SearchHit[] {
  const results = (json as { results?: unknown[] } | null)?.results;
  return (Array.isArray(results) ? results : []).map((o) => {
    const r = o as Record<string, unknown>;
    return { title: str(r.title), url: str(r.url), snippet: str(r.content) };
  });
}

export interface SearchContext {
  signal: AbortSignal;
  allowedHosts?: string[];
  env?: Record<string, string | undefined>;
}

export interface SearchOutcome {
  documents: ToolDocument[];
  /** Results dropped because their host is outside `domains`. */
  dropped: string[];
}

const toolError = (message: string) => new AppError('tool_error', message);

/** The query from a tool's arguments: `{ query }` or plain text. */
export function queryArg(rawArgs: unknown): string {
  const parsed = QueryArgs.safeParse(typeof rawArgs === 'string' ? { query: rawArgs } : rawArgs);
  if (!parsed.success) throw toolError(`Invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`);
  return parsed.data.query;
}

/** Searches with the provider, keeps results inside `domains`, then the first top_k, as documents. */
export async function searchWeb(spec: SearchOptions, query: string, ctx: SearchContext): Promise<SearchOutcome> {
  const q = scopedQuery(query, spec.domains);
  const topK = spec.top_k ?? DEFAULT_TOP_K;
  const env = ctx.env ?? process.env;
  if (spec.provider !== 'searxng' && spec.url) {
    throw toolError(`${spec.provider}: \`url\` is only for searxng; the ${spec.provider} endpoint is set by the operator (env ${spec.provider.toUpperCase()}_URL)`);
  }
  let hits: SearchHit[];
  if (spec.provider === 'serper') {
    const key = env.SERPER_API_KEY;
    if (!key) throw toolError('serper: no API key. Set SERPER_API_KEY on the server, or use provider searxng with a url.');
    const base = (env.SERPER_URL || SERPER_DEFAULT_URL).replace(/\/+$/, '');
    hits = parseSerper(await fetchJson(`${base}/search`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ q, num: topK }) }, ctx));
  } else if (spec.provider === 'serpapi') {
    const key = env.SERPAPI_API_KEY;
    if (!key) throw toolError('serpapi: no API key. Set SERPAPI_API_KEY on the server, or use provider searxng with a url.');
    const u = new URL(`${(env.SERPAPI_URL || SERPAPI_DEFAULT_URL).replace(/\/+$/, '')}/search.json`);
    u.searchParams.set('engine', 'google');
    u.searchParams.set('q', q);
    u.searchParams.set('num', String(topK));
    u.searchParams.set('api_key', key);
    hits = parseSerpapi(await fetchJson(u.toString(), { method: 'GET', headers: { accept: 'application/json' } }, ctx));
  } else {
    if (!spec.url) throw toolError('searxng: set `url` to the base URL of your SearXNG instance');
    const u = new URL(`${spec.url.replace(/\/+$/, '')}/search`);
    u.searchParams.set('format', 'json');
    u.searchParams.set('q', q);
    hits = parseSearxng(await fetchJson(u.toString(), { method: 'GET', headers: { accept: 'application/json' } }, ctx));
  }
  const dropped: string[] = [];
  const documents: ToolDocument[] = [];
  hits.forEach((h, i) => {
    // An answer box without a link has no host to check: it is kept only when nothing scopes the search.
    if (!inDomains(h.url, spec.domains)) return void dropped.push(h.url);
    if (documents.length < topK) documents.push({ content: h.snippet, meta: { title: h.title, url: h.url, position: i + 1 } });
  });
  return { documents, dropped };
}

export async function runWebSearch(spec: WebSearchSpec, rawArgs: unknown, ctx: SearchContext): Promise<{ output: string; data: Record<string, unknown> }> {
  const query = queryArg(rawArgs);
  const { documents, dropped } = await searchWeb(spec, query, ctx);
  return { output: documentsOutput(documents), data: { results: documents.length, ...(dropped.length ? { dropped_off_domain: dropped } : {}) } };
}

async function fetchJson(url: string, init: { method: string; headers: Record<string, string>; body?: string }, ctx: SearchContext): Promise<unknown> {
  const res = await guardedFetch({ url, ...init, signal: ctx.signal, allowedHosts: ctx.allowedHosts });
  const text = res.body.toString('utf8');
  if (res.status < 200 || res.status >= 300) {
    const hint = res.status === 401 || res.status === 403 ? ' (check the API key)' : '';
    throw upstreamError(`Search provider ${safeUrl(res.url)} answered ${res.status}${hint}: ${text.slice(0, 300)}`, res);
  }
  if (res.truncated) throw new AppError('http_error', `Search provider ${safeUrl(res.url)} sent more than ${res.body.length} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('http_error', `Search provider ${safeUrl(res.url)} did not answer JSON (is format=json enabled?): ${text.slice(0, 200)}`);
  }
}
