/**
 * One OpenAI SDK client per connection, built on first use and reused by every call after it
 * (a client holds its HTTP agent: building one per call throws away the kept-alive sockets). The
 * key is everything the client is built from (base URL, key, headers, timeout), so an edited
 * connection gets a new client; the oldest clients are dropped past a small cap. Requests go
 * through lib/tools/model-fetch.ts: the outbound address policy, with kept-alive connections.
 */
import OpenAI from 'openai';
import { modelFetch } from '../tools/model-fetch';
import { connectionSecrets, registerSecrets } from '../tools/redact';
import { PLACEHOLDER_API_KEY, type Connection } from './connection';
import { cappedFetch } from './reply-cap';

/** Every reply's bytes are counted as they arrive and cut off past SWITCHYARD_MAX_REPLY_BYTES (reply-cap.ts). */
const cappedModelFetch = cappedFetch(modelFetch);

const MAX_CLIENTS = 32;
const clients = new Map<string, OpenAI>();

function cacheKey(c: Connection, timeoutMs: number): string {
  const headers = Object.entries(c.headers ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([c.base_url, c.api_key, headers, timeoutMs]);
}

export function openaiClient(c: Connection, timeoutMs: number): OpenAI {
  // The key and every header value are secrets the redactor masks wherever they come back (lib/tools/redact.ts).
  registerSecrets(connectionSecrets(c));
  // An in-process connection (demo) carries its own state in its fetch: a client of its own, not cached.
  if (c.fetch) return new OpenAI({ apiKey: c.api_key || PLACEHOLDER_API_KEY, baseURL: c.base_url, fetch: cappedFetch(c.fetch), maxRetries: 0, timeout: timeoutMs, logLevel: 'off' });
  const key = cacheKey(c, timeoutMs);
  const cached = clients.get(key);
  if (cached) {
    clients.delete(key); // most recently used goes last
    clients.set(key, cached);
    return cached;
  }
  const client = new OpenAI({
    // A keyless server (Ollama, llama.cpp) still needs some key for the SDK, which throws "Missing credentials" without one.
    apiKey: c.api_key || PLACEHOLDER_API_KEY,
    baseURL: c.base_url,
    defaultHeaders: c.headers,
    // Every request under the outbound address policy (private addresses only when allowed).
    fetch: cappedModelFetch,
    maxRetries: 0,
    timeout: timeoutMs,
    logLevel: 'off',
  });
  clients.set(key, client);
  if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value!);
  return client;
}
