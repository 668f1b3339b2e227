/**
 * `spec_url` of openapi tools: when a graph is saved or imported, each spec is fetched through the
 * SSRF-guarded client (JSON or YAML, at most 2 MiB) and stored into the tool's `spec`, so the saved
 * document (and every version of it) carries the spec it runs with; `spec_url` stays as its source and
 * is fetched again on the next save. A fetch that fails is a problem at `tools.<id>.spec_url`.
 */
import { parse as parseYaml } from 'yaml';
import { AppError } from '../errors';
import type { Problem } from '../graph/problems';
import { problem } from '../graph/validate-problem';
import { guardedFetch, safeUrl } from './http-client';
import { upstreamError } from './tool-call';

const MAX_SPEC_BYTES = 2 * 1024 * 1024;

/** The spec at `url`, parsed (JSON, else YAML without aliases). */
export async function fetchOpenApiSpec(url: string, opts: { allowedHosts?: string[]; signal?: AbortSignal } = {}): Promise<Record<string, unknown>> {
  const res = await guardedFetch({ url, headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' }, maxBytes: MAX_SPEC_BYTES, allowedHosts: opts.allowedHosts, signal: opts.signal, timeoutMs: 15_000 });
  if (res.status < 200 || res.status >= 300) throw upstreamError(`${safeUrl(res.url)} answered ${res.status}`, res);
  if (res.truncated) throw new AppError('http_error', `the spec at ${safeUrl(res.url)} is larger than ${MAX_SPEC_BYTES} bytes`);
  const text = res.body.toString('utf8');
  let value: unknown;
  try {
    value = text.trimStart().startsWith('{') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 0 });
  } catch (err) {
    throw new AppError('http_error', `the spec at ${safeUrl(res.url)} is neither JSON nor YAML: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError('http_error', `the spec at ${safeUrl(res.url)} is not a mapping`);
  return value as Record<string, unknown>;
}

type Fetcher = (url: string) => Promise<Record<string, unknown>>;

/**
 * A copy of a raw graph document with every openapi tool's `spec_url` fetched into `spec`; the
 * problems of the fetches that failed (the document is then not to be saved).
 */
export async function withFetchedSpecs(raw: unknown, fetchSpec: Fetcher = (url) => fetchOpenApiSpec(url)): Promise<{ doc: unknown; problems: Problem[] }> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { doc: raw, problems: [] };
  const tools = (raw as { tools?: unknown }).tools;
  if (!tools || typeof tools !== 'object' || Array.isArray(tools)) return { doc: raw, problems: [] };
  const problems: Problem[] = [];
  const next: Record<string, unknown> = { ...(tools as Record<string, unknown>) };
  let changed = false;
  for (const [id, tool] of Object.entries(next)) {
    if (!tool || typeof tool !== 'object') continue;
    const t = tool as Record<string, unknown>;
    if (t.type !== 'openapi' || typeof t.spec_url !== 'string') continue;
    try {
      next[id] = { ...t, spec: await fetchSpec(t.spec_url) };
      changed = true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      problems.push(problem('error', 'openapi_spec_fetch', ['tools', id, 'spec_url'], `could not fetch the spec: ${message}`));
    }
  }
  return { doc: changed ? { ...(raw as object), tools: next } : raw, problems };
}
