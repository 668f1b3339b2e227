/**
 * The `web_search` tool: Serper (Google) or a SearXNG instance, through the guarded client.
 *   serper   POST {SERPER_URL or https://google.serper.dev}/search, X-API-KEY from env SERPER_API_KEY.
 *            The endpoint is the operator's choice (env), never the graph's, so a graph cannot send
 *            the key elsewhere.
 *   searxng  GET {spec.url}/search?format=json&q=...
 * `domains` adds site: filters; results come back as numbered lines.
 */
import { z } from 'zod';
import { AppError } from '../errors';
import type { ToolDefinition } from '../engine/ports';
import type { ToolSpec } from '../graph/schema';
import { guardedFetch, safeUrl } from './http-client';

export type WebSearchSpec = Extract<ToolSpec, { type: 'web_search' }>;

const WebSearchArgs = z.object({ query: z.string().trim().min(1, 'query must not be empty').max(2000) });

const DEFAULT_TOP_K = 5;
const SERPER_DEFAULT_URL = 'https://google.serper.dev';

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export function webSearchDefinition(name: string, spec: WebSearchSpec): ToolDefinition {
  const scope = spec.domains?.length ? ` Results are limited to ${spec.domains.join(', ')}.` : '';
  return {
    type: 'function',
    function: {
      name,
      description: (spec.description ?? 'Search the web. Useful for questions about current events; ask targeted questions.') + scope,
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to search for' } },
        required: ['query'],
        additionalProperties: false,
      },
    },
  };
}

/** The query with site: filters for the configured domains. */
export function scopedQuery(query: string, domains: string[] | undefined): string {
  if (!domains?.length) return query;
  const sites = domains.map((d) => `site:${d.trim()}`).filter((s) => s !== 'site:');
  return sites.length === 1 ? `${query} ${sites[0]}` : `${query} (${sites.join(' OR ')})`;
}

export function formatHits(query: string, hits: SearchHit[]): string {
  if (!hits.length) return `No results found for "${query}".`;
  return hits.map((h, i) => `${i + 1}. ${h.title} — ${h.snippet}${h.url ? ` (${h.url})` : ''}`).join('\n');
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function parseSerper(json: unknown): SearchHit[] {
  const j = json as { answerBox?: { answer?: unknown; snippet?: unknown; title?: unknown; link?: unknown }; organic?: unknown[] };
  const hits: SearchHit[] = [];
  const box = j?.answerBox;
  if (box && (str(box.answer) || str(box.snippet))) hits.push({ title: str(box.title) || 'Answer', url: str(box.link), snippet: str(box.answer) || str(box.snippet) });
  for (const o of Array.isArray(j?.organic) ? j.organic : []) {
    const r = o as Record<string, unknown>;
    hits.push({ title: str(r.title), url: str(r.link), snippet: str(r.snippet) });
  }
  return hits;
}

function parseSearxng(json: unknown): SearchHit[] {
  const results = (json as { results?: unknown[] })?.results;
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

const toolError = (message: string) => new AppError('tool_error', message);

export async function runWebSearch(spec: WebSearchSpec, rawArgs: unknown, ctx: SearchContext): Promise<string> {
  const parsed = WebSearchArgs.safeParse(typeof rawArgs === 'string' ? { query: rawArgs } : rawArgs);
  if (!parsed.success) throw toolError(`Invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`);
  const query = parsed.data.query;
  const q = scopedQuery(query, spec.domains);
  const topK = spec.top_k ?? DEFAULT_TOP_K;
  const env = ctx.env ?? process.env;
  let hits: SearchHit[];
  if (spec.provider === 'serper') {
    if (spec.url) throw toolError('web_search: `url` is only for searxng; the Serper endpoint is set by the operator (env SERPER_URL)');
    const key = env.SERPER_API_KEY;
    if (!key) throw toolError('web_search (serper): no API key. Set SERPER_API_KEY on the server, or use provider searxng with a url.');
    const base = (env.SERPER_URL || SERPER_DEFAULT_URL).replace(/\/+$/, '');
    const json = await fetchJson(`${base}/search`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ q, num: topK }) }, ctx);
    hits = parseSerper(json);
  } else {
    if (!spec.url) throw toolError('web_search (searxng): set `url` to the base URL of your SearXNG instance');
    const u = new URL(`${spec.url.replace(/\/+$/, '')}/search`);
    u.searchParams.set('format', 'json');
    u.searchParams.set('q', q);
    hits = parseSearxng(await fetchJson(u.toString(), { method: 'GET', headers: { accept: 'application/json' } }, ctx));
  }
  return formatHits(query, hits.slice(0, topK));
}

async function fetchJson(url: string, init: { method: string; headers: Record<string, string>; body?: string }, ctx: SearchContext): Promise<unknown> {
  const res = await guardedFetch({ url, ...init, signal: ctx.signal, allowedHosts: ctx.allowedHosts });
  const text = res.body.toString('utf8');
  if (res.status < 200 || res.status >= 300) {
    const hint = res.status === 401 || res.status === 403 ? ' (check the API key)' : '';
    throw new AppError('http_error', `Search provider ${safeUrl(res.url)} answered ${res.status}${hint}: ${text.slice(0, 300)}`, { status: res.status });
  }
  if (res.truncated) throw new AppError('http_error', `Search provider ${safeUrl(res.url)} sent more than ${res.body.length} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('http_error', `Search provider ${safeUrl(res.url)} did not answer JSON (is format=json enabled?): ${text.slice(0, 200)}`);
  }
}
