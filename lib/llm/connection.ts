/**
 * Model connections: where a graph's `connection: <name>` points. Endpoints and keys live here
 * (env or Settings), never in the graph document.
 */
export interface Connection {
  name: string;
  /** OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  base_url: string;
  api_key: string;
  /** Extra headers sent with every request (e.g. an org or a gateway header). */
  headers?: Record<string, string>;
  /** What the server accepts (absent fields: true): `tools`, `stop`, `stream_options.include_usage`. */
  supports?: { tools?: boolean; stop?: boolean; stream_usage?: boolean; json_schema?: boolean };
  /** An in-process server (the built-in demo model, lib/llm/demo): the SDK's fetch, no network. */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

/** The calling node's id: sent only to an in-process connection (`fetch`), whose script answers per node. */
export const NODE_HEADER = 'x-switchyard-node';

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Local servers (Ollama, llama.cpp, vLLM) need no key, but the SDK insists on one. */
export const PLACEHOLDER_API_KEY = 'sk-no-key-required';

/**
 * The `default` connection from OPENAI_API_KEY / OPENAI_BASE_URL. It exists when either is set:
 * a key alone talks to api.openai.com, a base URL alone talks to a local keyless server.
 */
export function envDefaultConnection(env: Record<string, string | undefined> = process.env): Connection | null {
  const key = env.OPENAI_API_KEY?.trim() || '';
  const baseUrl = env.OPENAI_BASE_URL?.trim() || '';
  if (!key && !baseUrl) return null;
  return {
    name: 'default',
    base_url: baseUrl || DEFAULT_BASE_URL,
    api_key: key || PLACEHOLDER_API_KEY,
  };
}
