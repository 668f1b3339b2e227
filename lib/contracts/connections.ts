/**
 * Model connection contracts (/api/connections). The key is write-only: responses carry only a
 * masked hint such as `sk-…abcd`.
 */
import { z } from 'zod';
import { PriceTable } from '../graph/prices';
import { HeadersField, HeadersPatchField, HttpUrl, ResourceName } from './http-fields';

/**
 * What the server behind a connection accepts; an absent field is true. Without `tools`, tool-calling
 * agents use a text protocol; without `stop`, stop words are applied to the reply here; without
 * `stream_usage`, `stream_options.include_usage` is not sent.
 */
export const ConnectionSupports = z.strictObject({
  tools: z.boolean().optional(),
  stop: z.boolean().optional(),
  stream_usage: z.boolean().optional(),
  /** `response_format: json_schema` (structured output); false: the schema is asked for in the prompt and the reply validated. */
  json_schema: z.boolean().optional(),
});
export type ConnectionSupports = z.infer<typeof ConnectionSupports>;

/** Every field of `supports`, defaults applied. */
export const SupportsView = z.object({ tools: z.boolean(), stop: z.boolean(), stream_usage: z.boolean() });
export type SupportsView = z.infer<typeof SupportsView>;

export function supportsView(s: ConnectionSupports | null | undefined): SupportsView {
  return { tools: s?.tools ?? true, stop: s?.stop ?? true, stream_usage: s?.stream_usage ?? true };
}

export const CreateConnectionBody = z.strictObject({
  /** `default` may be saved only while OPENAI_API_KEY / OPENAI_BASE_URL are unset (the environment wins). */
  name: ResourceName,
  base_url: HttpUrl,
  /** Optional: local servers (Ollama, llama.cpp, vLLM) need none. */
  api_key: z.string().max(4000).optional(),
  headers: HeadersField.optional(),
  supports: ConnectionSupports.optional(),
  /** Model prices in USD per 1M tokens: `{ "gpt-4o": { "input": 2.5, "output": 10 } }`, `{ "*": "free" }`. */
  prices: PriceTable.optional(),
  /** The one workspace that may use it (its id); absent or null: instance-wide. */
  workspace: z.string().trim().min(1).max(200).nullable().optional(),
});
export type CreateConnectionBody = z.infer<typeof CreateConnectionBody>;

/**
 * PUT /api/connections/:name: a patch. Absent fields are kept. `api_key`: a string replaces the key,
 * null removes it. `headers`: per header, a string sets the value and null removes the header
 * (values are never sent back, so the client cannot send the whole set).
 */
export const UpdateConnectionBody = z.strictObject({
  base_url: HttpUrl.optional(),
  api_key: z.string().min(1, 'must not be empty (send null to remove the key)').max(4000).nullable().optional(),
  headers: HeadersPatchField.optional(),
  /** Replaces what the server is known to accept (fields not named: true). */
  supports: ConnectionSupports.optional(),
  /** Replaces the model prices; null: back to the shipped defaults. */
  prices: PriceTable.nullable().optional(),
});
export type UpdateConnectionBody = z.infer<typeof UpdateConnectionBody>;

export const ConnectionView = z.object({
  name: z.string(),
  /** The one workspace that may use it; null: instance-wide. */
  workspace: z.string().nullable().optional(),
  base_url: z.string(),
  /** Masked key, e.g. `sk-…abcd`, or null when no key is set. */
  api_key_hint: z.string().nullable(),
  /** Header names only: header values may be secrets too. */
  header_names: z.array(z.string()),
  /** What the server accepts (the server always sends it; defaults: all true). */
  supports: SupportsView.optional(),
  /** The connection's own model prices (USD per 1M tokens); null: the shipped defaults (lib/graph/prices.ts). */
  prices: PriceTable.nullable().optional(),
  /** `env` for the read-only `default` connection, `db` for saved ones. */
  source: z.enum(['env', 'db']),
  read_only: z.boolean(),
  created_at: z.string().nullable(),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

export const ConnectionListResponse = z.object({ connections: z.array(ConnectionView) });
export type ConnectionListResponse = z.infer<typeof ConnectionListResponse>;

/** Why a connection test failed, for the UI to pick a hint. */
export const TestFailureCode = z.enum(['unauthorized', 'unreachable', 'timeout', 'not_openai_compatible', 'server_error', 'blocked']);
export type TestFailureCode = z.infer<typeof TestFailureCode>;

/** POST /api/connections/:name/test: 200 either way (the test ran); 404 for an unknown connection. */
export const TestConnectionResponse = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** The first 20 model ids of GET {base_url}/models. */
    models: z.array(z.string()),
    /** How many models the server listed in all. */
    model_count: z.number().int(),
    latency_ms: z.number(),
    /**
     * What a tiny chat call to `probe_model` found the server accepts (`stop`, `tools`,
     * `stream_options.include_usage`), when the server listed a model to ask; the UI offers to save it.
     */
    supports: SupportsView.optional(),
    probe_model: z.string().optional(),
    /** What each refused probe answered, e.g. `{ stop: "400 Unsupported parameter: stop" }`. */
    refused: z.record(z.string(), z.string()).optional(),
  }),
  z.object({
    ok: z.literal(false),
    code: TestFailureCode,
    message: z.string(),
    /** The HTTP status the model server answered, when it answered. */
    status: z.number().int().optional(),
    latency_ms: z.number(),
  }),
]);
export type TestConnectionResponse = z.infer<typeof TestConnectionResponse>;

/**
 * GET /api/connections/:name/models[?refresh=1]: the model ids GET {base_url}/models lists, cached
 * on the server (`cached`, `fetched_at`); `refresh=1` asks the server again. 200 either way when the
 * connection exists (the list may fail: `ok: false` with the reason, the same words as Test); 404
 * for an unknown connection.
 */
export const ConnectionModelsResponse = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), connection: z.string(), models: z.array(z.string()), fetched_at: z.string(), cached: z.boolean() }),
  z.object({ ok: z.literal(false), connection: z.string(), code: TestFailureCode, message: z.string(), status: z.number().int().optional() }),
]);
export type ConnectionModelsResponse = z.infer<typeof ConnectionModelsResponse>;

/** `sk-proj-abcdef…wxyz` -> `sk-…wxyz`: the prefix before the first dash and the last four characters. */
export function maskKey(key: string | null | undefined): string | null {
  if (!key) return null;
  const tail = key.length > 8 ? key.slice(-4) : '';
  const dash = key.indexOf('-');
  const prefix = dash > 0 && dash <= 4 ? key.slice(0, dash + 1) : '';
  return `${prefix}…${tail}`;
}
