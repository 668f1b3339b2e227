/**
 * The one home of per-tool-type facts (as roles.ts is for roles): a one-line description, the docs
 * anchor, who answers a call, whether it takes `reflect` (and why not), and the spec a freshly added
 * tool starts with.
 * `Record<ToolType, ToolMeta>`: adding a type to the schema (lib/graph/schema/tools.ts) without an
 * entry here is a compile error. The inspector, the YAML writer (through TOOL_SCHEMAS, keyed the same
 * way), validation and the docs ask this file. Pure and zod-free at run time (only types from the
 * schema), so browser code may import it.
 */
import type { ToolSpec, ToolType } from './schema';

export type ToolOf<T extends ToolType> = Extract<ToolSpec, { type: T }>;

/**
 * Where a call of the tool is answered: `server` (the run's own process calls it, through the
 * SSRF-guarded client when it goes out), `person` (the run pauses until someone answers), `caller`
 * (the API caller runs it: the run pauses and the call is returned), `node` (another node of the
 * graph runs).
 */
export type ToolRuns = 'server' | 'person' | 'caller' | 'node';

export interface ToolMeta<T extends ToolType = ToolType> {
  type: T;
  /** One line: what it does. */
  description: string;
  /** The docs section (id of its anchor on /docs) that explains it. */
  docsAnchor: `tool-${string}`;
  runs: ToolRuns;
  /** Why `reflect` (self-reflection) is not offered on this type; undefined: it is (its schema has `reflect`). */
  noReflect?: string;
  /** The spec of a tool just added in the inspector (or whose type was changed there). */
  create(ctx: { nodes: readonly string[] }): ToolOf<T>;
}

type Registry = { [T in ToolType]: ToolMeta<T> };

export const TOOL_TYPES: Registry = {
  calculator: {
    type: 'calculator',
    description: 'Arithmetic with a safe parser (never eval): one argument, expression.',
    docsAnchor: 'tool-calculator',
    runs: 'server',
    create: () => ({ type: 'calculator' }),
  },
  http: {
    type: 'http',
    description: 'Calls a URL template with the model’s arguments (OPEA callable_api), through the SSRF-guarded client.',
    docsAnchor: 'tool-http',
    runs: 'server',
    create: () => ({ type: 'http', method: 'GET', url: 'https://example.org/search?q={query}' }),
  },
  web_search: {
    type: 'web_search',
    description: 'A web search (serper, serpapi or searxng), optionally scoped to domains; returns the results.',
    docsAnchor: 'tool-web-search',
    runs: 'server',
    create: () => ({ type: 'web_search', provider: 'serper' }),
  },
  web_retriever: {
    type: 'web_retriever',
    description: 'A search, then its snippets or the result pages fetched and split into documents, optionally top-p sampled.',
    docsAnchor: 'tool-web-retriever',
    runs: 'server',
    create: () => ({ type: 'web_retriever', provider: 'serper', mode: 'snippets' }),
  },
  document_sampler: {
    type: 'document_sampler',
    description: 'Top-p sampling of the documents it is given against a query (bm25, a rerank or an embeddings model).',
    docsAnchor: 'tool-document-sampler',
    runs: 'server',
    create: () => ({ type: 'document_sampler', top_p: 0.9 }),
  },
  openapi: {
    type: 'openapi',
    description: 'The allow-listed operations of an OpenAPI 3.x description, one function each.',
    docsAnchor: 'tool-openapi',
    runs: 'server',
    create: () => ({ type: 'openapi', spec_url: 'https://example.org/openapi.json', operations: ['operationId'] }),
  },
  mcp: {
    type: 'mcp',
    description: 'The allow-listed tools of an operator-configured MCP server, under their own names.',
    docsAnchor: 'tool-mcp',
    runs: 'server',
    create: () => ({ type: 'mcp', server: 'server', tools: ['tool'] }),
  },
  agent: {
    type: 'agent',
    description: 'Another node of the graph offered as a tool: a call runs it with the argument as its task.',
    docsAnchor: 'tool-agent',
    runs: 'node',
    noReflect: "it runs another node of the graph: give reflect to that node's tools instead",
    create: ({ nodes }) => ({ type: 'agent', node: nodes[0] ?? '' }),
  },
  human: {
    type: 'human',
    description: 'Asks a person: the run pauses with the question and the answer given on resume is the result.',
    docsAnchor: 'tool-human',
    runs: 'person',
    noReflect: "a person's answer is not judged or asked for again",
    create: () => ({ type: 'human' }),
  },
  client: {
    type: 'client',
    description: 'A tool the API caller runs (the tools of a chat completions request): the run pauses and returns the call.',
    docsAnchor: 'tool-client',
    runs: 'caller',
    noReflect: 'the API caller runs it after the run pauses, so there is no output to judge',
    create: () => ({ type: 'client' }),
  },
  a2a: {
    type: 'a2a',
    description: 'A remote A2A agent (another Switchyard graph, LangGraph, Mastra...) called by its card URL, through the SSRF-guarded client; its task’s updates stream into the trace.',
    docsAnchor: 'tool-remote-agent',
    runs: 'server',
    create: () => ({ type: 'a2a', card_url: 'https://example.org/api/a2a/agent/agent-card.json', description: 'Ask the remote agent' }),
  },
  code: {
    type: 'code',
    description: 'JavaScript (QuickJS) or Python (Pyodide) in a sandbox: no network, files or environment; time and memory limits.',
    docsAnchor: 'tool-code',
    runs: 'server',
    noReflect: 'its output is computed, not fetched: the model sends new arguments itself',
    create: () => ({ type: 'code', language: 'python', code: 'sum(args.get("numbers", []))\n' }),
  },
  knowledge: {
    type: 'knowledge',
    description: 'Searches a knowledge base of the workspace (keyword, vector or hybrid) and returns the best passages with their document, section and page.',
    docsAnchor: 'tool-knowledge',
    runs: 'server',
    noReflect: 'its hits are ranked passages of your own documents: tune top_k, mode and top_p instead',
    create: () => ({ type: 'knowledge', knowledge_base: 'faq', top_k: 5 }),
  },
};

/** Every tool type, in registry order (the inspector's type list, the docs' order). */
export const TOOL_TYPE_LIST = Object.keys(TOOL_TYPES) as ToolType[];

/** Whether `type` names a tool type (for raw, not yet parsed documents). */
export function isToolType(type: unknown): type is ToolType {
  return typeof type === 'string' && Object.hasOwn(TOOL_TYPES, type);
}

/** Why `reflect` is not offered on tools of `type`; undefined when it is, or when the type is unknown. */
export function noReflectReason(type: unknown): string | undefined {
  return isToolType(type) ? TOOL_TYPES[type].noReflect : undefined;
}

/** Whether a call of a tool of `type` pauses the run (a person or the API caller answers it). */
export function pausesRun(type: ToolType): boolean {
  if (!isToolType(type)) return false; // a draft that skipped the schema
  const runs = TOOL_TYPES[type].runs;
  return runs === 'person' || runs === 'caller';
}

/** A fresh spec of `type`, as the inspector adds it. */
export function newTool<T extends ToolType>(type: T, nodes: readonly string[]): ToolOf<T> {
  return (TOOL_TYPES[type] as unknown as ToolMeta<T>).create({ nodes });
}
