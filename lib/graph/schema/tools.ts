/** `tools:` — one schema per tool type; ToolSpec is their union (facts per type: lib/graph/tool-types.ts). */
import { z } from 'zod';
import { SEARCH_PROVIDERS } from '../constants';
import { A2aTool } from './a2a-tool';
import { CodeTool } from './code-tool';
import { Identifier, Text } from './common';
import { KnowledgeTool } from './tool-knowledge';

const JsonSchemaObject = z.record(z.string(), z.unknown());

/**
 * Self-reflection (seed 001 SRM), on every tool that runs at once (an openapi tool's each operation,
 * an mcp tool's each server tool): after the tool runs, the node's model judges whether the tool's
 * description, its input and its output are aligned; if not, it rephrases the input and the tool
 * runs again, at most this many times (0, the default: never judged). Not on the types whose tool-types.ts entry has `noReflect`.
 */
const Reflect = z.number().int().min(0).max(5).optional();


export const CalculatorTool = z.strictObject({
  type: z.literal('calculator'),
  description: Text.optional(),
  reflect: Reflect,
});

export const HttpTool = z.strictObject({
  type: z.literal('http'),
  description: Text.optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  /** URL template: `{arg}` placeholders are filled from the call's arguments (URL-encoded). */
  url: z.string().min(1).max(2000),
  /** Static headers. Never a secret: values are `${env:NAME}` references, resolved server-side (literal only for plain headers, tool-headers.ts). */
  headers: z.record(z.string(), z.string().max(2000)).optional(),
  /** JSON Schema of the arguments the model supplies (OPEA `callable_api`). */
  args_schema: JsonSchemaObject.optional(),
  /** Keep only this dotted path of a JSON response (OPEA `return_output`). */
  return_output: z.string().max(200).optional(),
  timeout_s: z.number().min(0.1).max(120).optional(),
  reflect: Reflect,
});


/** The search a web_search or web_retriever tool makes. `domains` scopes it (site:) and drops results from other hosts. */
const searchFields = {
  provider: z.enum(SEARCH_PROVIDERS),
  /** Base URL of the provider (required for searxng). */
  url: z.string().max(2000).optional(),
  domains: z.array(z.string().max(253)).max(50).optional(),
  top_k: z.number().int().min(1).max(50).optional(),
};

export const WebSearchTool = z.strictObject({
  type: z.literal('web_search'),
  description: Text.optional(),
  ...searchFields,
  reflect: Reflect,
});

/**
 * How documents are scored against a query for top-p sampling: `bm25` (built in, no model; the
 * default), a `rerank` endpoint (POST <base_url>/rerank, Cohere/Jina/TEI shape) or `embeddings`
 * (POST <base_url>/embeddings, cosine similarity), on an operator-configured connection.
 */
export const DocumentScorer = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('bm25') }),
  z.strictObject({ type: z.literal('rerank'), connection: Identifier, model: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('embeddings'), connection: Identifier, model: z.string().min(1).max(200) }),
]);
export type DocumentScorer = z.infer<typeof DocumentScorer>;

/** Top-p (nucleus) sampling: keep the smallest set of documents whose softmaxed relevance reaches p. */
const TopP = z.number().min(0).max(1).optional();

/**
 * Seed 001's WebRetriever: a search, then either its snippets (`snippets`, the default) or the
 * top_k result pages fetched, reduced to their main text and split into paragraph-sized documents
 * (`documents`), cached by URL for `cache_ttl_s`.
 */
export const WebRetrieverTool = z.strictObject({
  type: z.literal('web_retriever'),
  description: Text.optional(),
  ...searchFields,
  mode: z.enum(['snippets', 'documents']).optional(),
  /** documents mode: most characters per document. */
  chunk_chars: z.number().int().min(100).max(20_000).optional(),
  /** documents mode: characters a document repeats from the end of the one before. */
  chunk_overlap: z.number().int().min(0).max(5_000).optional(),
  /** documents mode: how long a fetched page is reused (0: always fetch). */
  cache_ttl_s: z.number().int().min(0).max(30 * 86_400).optional(),
  top_p: TopP,
  scorer: DocumentScorer.optional(),
  reflect: Reflect,
});

/** Seed 001's top-p sampler as a tool: `{ query, documents }` in, the kept documents out. */
export const DocumentSamplerTool = z.strictObject({
  type: z.literal('document_sampler'),
  description: Text.optional(),
  top_p: TopP,
  scorer: DocumentScorer.optional(),
  reflect: Reflect,
});

/** Another node of the graph (an agent) offered as a tool. */
export const AgentTool = z.strictObject({
  type: z.literal('agent'),
  description: Text.optional(),
  node: Identifier,
});

/**
 * A person answers (seed 002 "human feedback as a tool"): the agent's call pauses the run with its
 * question; the answer given on resume is the tool's result.
 */
export const HumanTool = z.strictObject({
  type: z.literal('human'),
  description: Text.optional(),
});

/**
 * A tool the API caller runs (the `tools` of a chat completions request join the entry agent's):
 * a call pauses the run and is returned to the caller, whose `role: tool` answer resumes it.
 */
export const ClientTool = z.strictObject({
  type: z.literal('client'),
  description: Text.optional(),
  /** JSON Schema of the arguments, as the caller declared them. */
  parameters: JsonSchemaObject.optional(),
});

/** An OpenAPI operationId, which is also the function name the model calls. */
export const OperationId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must hold only letters, digits, _ and - (at most 64): it is the function name the model calls');

/**
 * Seed 002's OpenAPITool: the allow-listed operations of an OpenAPI 3.0 / 3.1 description, each a
 * function (name = operationId) whose arguments are its path, query and header parameters and its
 * JSON body (`body`). `spec` inline, or `spec_url`: fetched through the SSRF-guarded client when the
 * graph is saved or imported, and stored into `spec` (the saved document keeps both).
 */
export const OpenApiTool = z.strictObject({
  type: z.literal('openapi'),
  description: Text.optional(),
  spec: JsonSchemaObject.optional(),
  spec_url: z.string().min(1).max(2000).optional(),
  operations: z.array(OperationId).min(1).max(100),
  /** The API's base URL; default: the spec's first `servers` entry. */
  base_url: z.string().min(1).max(2000).optional(),
  /** Static headers; values only as `${env:TOOL_*}` references, but for plain headers (like the http tool, tool-headers.ts). */
  headers: z.record(z.string(), z.string().max(2000)).optional(),
  timeout_s: z.number().min(0.1).max(120).optional(),
  reflect: Reflect,
});

/** An MCP server's name, as the operator configured it (Settings, /api/mcp-servers, SWITCHYARD_MCP_STDIO). */
export const McpServerName = Identifier;

/** Tools of an operator-configured MCP server (`server`), offered under their own names; `tools` is the allow-list. */
export const McpTool = z.strictObject({
  type: z.literal('mcp'),
  description: Text.optional(),
  server: McpServerName,
  tools: z.array(z.string().min(1).max(128)).min(1).max(100),
  timeout_s: z.number().min(0.1).max(600).optional(),
  reflect: Reflect,
});


export const ToolSpec = z.discriminatedUnion('type', [CalculatorTool, HttpTool, WebSearchTool, WebRetrieverTool, DocumentSamplerTool, OpenApiTool, McpTool, AgentTool, HumanTool, ClientTool, A2aTool, CodeTool, KnowledgeTool]);
export type ToolSpec = z.infer<typeof ToolSpec>;
export type ToolType = ToolSpec['type'];

/**
 * The per-type config schemas, keyed by type (a missing or extra type is a compile error); the
 * YAML writer orders a tool's keys by its schema. The other facts per type: lib/graph/tool-types.ts.
 */
export const TOOL_SCHEMAS = {
  calculator: CalculatorTool,
  http: HttpTool,
  web_search: WebSearchTool,
  web_retriever: WebRetrieverTool,
  document_sampler: DocumentSamplerTool,
  openapi: OpenApiTool,
  mcp: McpTool,
  agent: AgentTool,
  human: HumanTool,
  client: ClientTool,
  a2a: A2aTool,
  code: CodeTool,
  knowledge: KnowledgeTool,
} satisfies { [T in ToolType]: z.ZodType<Extract<ToolSpec, { type: T }>> & { shape: Record<string, z.ZodType> } };
