/**
 * Validation of the `tools` section, tool by tool: what would make a tool fail on every call and is
 * known when the graph is saved. With a ValidationContext (the operator's configuration, given by
 * the server when a graph is saved or imported), also the names a tool refers to there: a scorer's
 * connection and an mcp tool's server. Without one (the editor, examples) those are not checked.
 */
import { shorthandProblems } from './args-schema';
import { readOpenApi } from './openapi';
import type { Problem } from './problems';
import type { DocumentScorer, GraphDocument, ToolSpec, ToolType } from './schema';
import { isToolType, type ToolOf } from './tool-types';
import { isPlainHeader, onlyEnvRefs, PLAIN_HEADERS } from './tool-headers';
import { checkCodeTool } from './validate-code-tool';
import { problem } from './validate-problem';

/** The operator's configuration as validation sees it (lib/runtime/preflight.ts builds it on the server). */
export interface ValidationContext {
  /** Whether a model connection of this name is configured (`default` from the environment, or in Settings). */
  hasConnection(name: string): boolean;
  /** Whether an MCP server of this name is configured (Settings, or SWITCHYARD_MCP_STDIO). */
  hasMcpServer(name: string): boolean;
  /** Whether the graph's workspace has a knowledge base of this name (absent: not checked). */
  hasKnowledgeBase?(name: string): boolean;
}

/** The names a ValidationContext knows, as plain data (what reaches a worker thread that validates). */
export interface ConfiguredNames {
  connections: string[];
  mcpServers: string[];
  /** The knowledge bases of the graph's workspace (absent: not checked). */
  knowledgeBases?: string[];
}

/** The ValidationContext of a list of configured names. */
export function contextOf(names: ConfiguredNames): ValidationContext {
  const connections = new Set(names.connections);
  const servers = new Set(names.mcpServers);
  const bases = names.knowledgeBases && new Set(names.knowledgeBases);
  return { hasConnection: (name) => connections.has(name), hasMcpServer: (name) => servers.has(name), ...(bases ? { hasKnowledgeBase: (name: string) => bases.has(name) } : {}) };
}

/**
 * Header values must be `${env:...}` references (http and openapi tools), whatever the header's name
 * (tool-headers.ts): only a few standard headers (Accept, Content-Type, ...) may hold a literal value.
 */
function literalSecrets(out: Problem[], id: string, headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!isPlainHeader(name) && !onlyEnvRefs(value)) {
      out.push(
        problem(
          'error',
          'literal_secret',
          ['tools', id, 'headers', name],
          `header "${name}" holds a literal value: a tool's header values are treated as credentials (only ${[...PLAIN_HEADERS].join(', ')} may be literal); reference it as "\${env:TOOL_NAME}" instead of writing it in the graph`,
        ),
      );
    }
  }
}

/** An openapi tool: a spec (inline or fetched from spec_url on save) whose allow-listed operations read cleanly. */
function checkOpenApiTool(out: Problem[], id: string, tool: ToolOf<'openapi'>): void {
  literalSecrets(out, id, tool.headers);
  if (tool.spec === undefined) {
    if (tool.spec_url === undefined) out.push(problem('error', 'openapi_no_spec', ['tools', id], 'an openapi tool needs spec (the OpenAPI document inline) or spec_url'));
    else out.push(problem('warning', 'openapi_spec_not_fetched', ['tools', id, 'spec_url'], 'the spec is fetched from spec_url when the graph is saved; until then its operations are not checked'));
    return;
  }
  const read = readOpenApi(tool.spec, tool.operations);
  for (const p of read.problems) out.push(problem('error', 'openapi_spec', ['tools', id, ...p.path], p.message));
  if (!tool.base_url && (read.server === undefined || (!/^https?:\/\//i.test(read.server) && !tool.spec_url))) {
    out.push(problem('error', 'openapi_no_server', ['tools', id, 'base_url'], read.server === undefined ? 'the spec has no servers: set base_url' : `the spec's server "${read.server}" is relative: set base_url`));
  }
}

/** The search of a web_search / web_retriever: searxng needs the instance's `url`; the other providers' endpoints are the operator's. */
function checkSearch(out: Problem[], id: string, tool: ToolOf<'web_search' | 'web_retriever'>): void {
  if (tool.provider === 'searxng' && !tool.url?.trim()) {
    out.push(problem('error', 'searxng_no_url', ['tools', id, 'provider'], 'provider searxng needs url: the base URL of your SearXNG instance'));
  } else if (tool.provider !== 'searxng' && tool.url !== undefined) {
    out.push(problem('error', 'search_url_not_allowed', ['tools', id, 'url'], `url is only for searxng; the ${tool.provider} endpoint is set by the operator (env ${tool.provider.toUpperCase()}_URL)`));
  }
}

/** The http tool: its args_schema (JSON Schema or OPEA shorthand) reads, and no literal credentials. */
function checkHttpTool(out: Problem[], id: string, tool: ToolOf<'http'>): void {
  for (const p of shorthandProblems(tool.args_schema ?? {})) {
    out.push(problem('error', 'bad_args_schema', ['tools', id, 'args_schema', ...p.path], p.message));
  }
  literalSecrets(out, id, tool.headers);
}

function checkWebRetriever(out: Problem[], id: string, tool: ToolOf<'web_retriever'>): void {
  checkSearch(out, id, tool);
  if (tool.scorer && tool.top_p === undefined) {
    out.push(problem('warning', 'scorer_unused', ['tools', id, 'scorer'], 'the scorer is used only with top_p: set top_p to sample the documents'));
  }
}

type ToolCheck<T extends ToolType> = (out: Problem[], id: string, tool: ToolOf<T>) => void;
/** Nothing to check before a run beyond the schema (the names it refers to are checked by validate.ts and operatorConfigProblems). */
const schemaOnly = (): void => {};

/**
 * Each tool type's own checks, keyed like the registry (lib/graph/tool-types.ts): a new type without
 * an entry is a compile error, so no type is left unchecked by a forgotten `case`.
 */
const TOOL_CHECKS: { [T in ToolType]: ToolCheck<T> } = {
  calculator: schemaOnly,
  http: checkHttpTool,
  web_search: checkSearch,
  web_retriever: checkWebRetriever,
  document_sampler: schemaOnly,
  openapi: checkOpenApiTool,
  mcp: schemaOnly,
  agent: schemaOnly,
  human: schemaOnly,
  client: schemaOnly,
  a2a: (out, id, tool) => literalSecrets(out, id, tool.headers),
  code: checkCodeTool,
  knowledge: schemaOnly,
};

function checkTool(out: Problem[], id: string, tool: ToolSpec): void {
  // isToolType: a document that skipped the schema (an editor draft) may name an unknown type
  if (isToolType(tool.type)) (TOOL_CHECKS[tool.type] as ToolCheck<ToolType>)(out, id, tool);
}

/** A tool's scorer, when it names a connection. */
function scorerOf(tool: ToolSpec): Extract<DocumentScorer, { connection: string }> | undefined {
  const scorer = tool.type === 'web_retriever' || tool.type === 'document_sampler' ? tool.scorer : undefined;
  return scorer && scorer.type !== 'bm25' ? scorer : undefined;
}

/** Tools naming operator configuration that does not exist: a scorer's connection, an mcp tool's server, a knowledge tool's base. */
export function operatorConfigProblems(doc: GraphDocument, ctx: ValidationContext): Problem[] {
  const out: Problem[] = [];
  for (const [id, tool] of Object.entries(doc.tools ?? {})) {
    const scorer = scorerOf(tool);
    if (scorer && !ctx.hasConnection(scorer.connection)) {
      out.push(problem('error', 'unknown_connection', ['tools', id, 'scorer', 'connection'], `unknown connection "${scorer.connection}" for the ${scorer.type} scorer: add it in Settings (POST /api/connections)`));
    }
    if (tool.type === 'mcp' && !ctx.hasMcpServer(tool.server)) {
      out.push(problem('error', 'unknown_mcp_server', ['tools', id, 'server'], `unknown MCP server "${tool.server}": add it in Settings (POST /api/mcp-servers) or in SWITCHYARD_MCP_STDIO`));
    }
    if (tool.type === 'knowledge' && ctx.hasKnowledgeBase && !ctx.hasKnowledgeBase(tool.knowledge_base)) {
      out.push(problem('error', 'unknown_knowledge_base', ['tools', id, 'knowledge_base'], `unknown knowledge base "${tool.knowledge_base}" in this workspace: create it on the Knowledge page (POST /api/knowledge-bases)`));
    }
  }
  return out;
}

/** Every tool's own checks, then (with a context) the operator configuration they name. */
export function checkTools(doc: GraphDocument, out: Problem[], ctx?: ValidationContext): void {
  for (const [id, tool] of Object.entries(doc.tools ?? {})) checkTool(out, id, tool);
  if (ctx) out.push(...operatorConfigProblems(doc, ctx));
}
