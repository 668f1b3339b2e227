/**
 * The model ids a connection's server lists (GET {base_url}/models through the openai SDK and the
 * guarded client every model call uses), cached per connection for a few minutes so the editor's
 * model picker does not ask the server on every open. A changed connection (base URL, key, headers)
 * is a new cache entry; `refresh` asks again. A failure is described in the words of the
 * connection test and is not cached.
 */
import type { ConnectionModelsResponse } from '@/lib/contracts/connections';
import { openaiClient, type Connection } from '@/lib/llm';
import { describeFailure, redact } from '../test/probe-connection';

const LIST_TIMEOUT_MS = 10_000;
const CACHE_MS = 5 * 60_000;
/** A server listing thousands of models (a router) is cut here: the picker filters as you type. */
const MAX_MODELS = 500;
const MAX_ENTRIES = 64;

type Entry = { key: string; models: string[]; fetchedAt: number };
const cache = new Map<string, Entry>();

/** What identifies a connection's answer: the same name with another URL, key or headers is another server. */
function cacheKey(c: Connection): string {
  return JSON.stringify([c.base_url, c.api_key ?? '', c.headers ?? {}]);
}

export async function listModels(c: Connection, opts: { refresh?: boolean; now?: number; timeoutMs?: number } = {}): Promise<ConnectionModelsResponse> {
  const now = opts.now ?? Date.now();
  const key = cacheKey(c);
  const hit = cache.get(c.name);
  if (!opts.refresh && hit && hit.key === key && now - hit.fetchedAt < CACHE_MS) {
    return { ok: true, connection: c.name, models: hit.models, fetched_at: new Date(hit.fetchedAt).toISOString(), cached: true };
  }
  const timeoutMs = opts.timeoutMs ?? LIST_TIMEOUT_MS;
  const url = `${c.base_url.replace(/\/+$/, '')}/models`;
  try {
    const page = await openaiClient(c, timeoutMs).models.list();
    const ids = [...new Set(page.data.map((m) => m?.id).filter((id): id is string => typeof id === 'string' && id.length > 0))].sort().slice(0, MAX_MODELS);
    cache.delete(c.name);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(c.name, { key, models: ids, fetchedAt: now });
    return { ok: true, connection: c.name, models: ids, fetched_at: new Date(now).toISOString(), cached: false };
  } catch (err) {
    cache.delete(c.name);
    const f = describeFailure(err, url, timeoutMs);
    return { ok: false, connection: c.name, code: f.code, message: redact(f.message, c), ...(f.status === undefined ? {} : { status: f.status }) };
  }
}

/** Tests only: forget every cached list. */
export function clearModelsCache(): void {
  cache.clear();
}
