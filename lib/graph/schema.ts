/**
 * The graph document: the `switchyard: 1` format. This zod schema is the truth;
 * the JSON Schema served at /api/schema is generated from it.
 *
 * The document keeps only what the author wrote: no defaults are filled in here,
 * so `stringify(parse(text))` is a fixed point. Defaults live in `defaults.ts`
 * and are applied by the engine at run time.
 */
import { z } from 'zod';
import {
  CHANNEL_TYPES,
  FORMAT_VERSION,
  GRAPH_NAME_PATTERN,
  GRAPH_NAME_RULE,
  IDENTIFIER_PATTERN,
  IDENTIFIER_RULE,
  SEARCH_PROVIDERS,
  AGENT_STRATEGIES,
  type NodeRole,
} from './constants';

// The zod-free constants are re-exported: server code keeps one import for the format.
export * from './constants';


/** Node, tool, model and channel ids. START and END are reserved. */
export const Identifier = z.string().regex(IDENTIFIER_PATTERN, IDENTIFIER_RULE);

export const GraphName = z.string().regex(GRAPH_NAME_PATTERN, GRAPH_NAME_RULE);

/** A CEL expression (checked for compilation by validation, never evaluated as JS). */
export const CelExpression = z.string().min(1, 'must not be empty').max(4000);

const Text = z.string().max(100_000);

// ---------------------------------------------------------------- models

export const ModelSpec = z.strictObject({
  /** Name of an operator-configured connection; endpoints and keys never live in the YAML. */
  connection: Identifier,
  model: z.string().min(1).max(200),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  max_tokens: z.number().int().min(1).max(1_000_000).optional(),
});
export type ModelSpec = z.infer<typeof ModelSpec>;

// ---------------------------------------------------------------- tools

const JsonSchemaObject = z.record(z.string(), z.unknown());

/**
 * Self-reflection (seed 001 SRM), on every tool that runs at once (an openapi tool's each operation,
 * an mcp tool's each server tool): after the tool runs, the node's model judges whether the tool's
 * description, its input and its output are aligned; if not, it rephrases the input and the tool
 * runs again, at most this many times (0, the default: never judged). Not on the types in NO_REFLECT.
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
  /** Static headers. Never a secret: reference `${env:NAME}` for those, resolved server-side. */
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
  /** Static headers; credentials only as `${env:TOOL_*}` references (like the http tool). */
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


export const ToolSpec = z.discriminatedUnion('type', [CalculatorTool, HttpTool, WebSearchTool, WebRetrieverTool, DocumentSamplerTool, OpenApiTool, McpTool, AgentTool, HumanTool, ClientTool]);
export type ToolSpec = z.infer<typeof ToolSpec>;
export type ToolType = ToolSpec['type'];

// ---------------------------------------------------------------- state


export const StateChannel = z.strictObject({
  type: z.enum(CHANNEL_TYPES),
  /** `append` for messages and lists by default, `replace` (last value wins) otherwise. */
  reducer: z.enum(['append', 'replace', 'merge']).optional(),
  default: z.unknown().optional(),
  description: Text.optional(),
});
export type StateChannel = z.infer<typeof StateChannel>;

// ---------------------------------------------------------------- nodes

const common = {
  label: z.string().max(200).optional(),
  description: Text.optional(),
};

/**
 * What of the shared conversation (`messages`) a node sees in its prompt: `all` (default), `own`
 * (the user's messages and its own replies), `last` (only the latest message), `none` (only its task).
 * Other nodes' messages reach it as `user` messages naming their author. Roles that take it: roles.ts.
 */
export const HISTORY_MODES = ['all', 'own', 'last', 'none'] as const;
export type HistoryMode = (typeof HISTORY_MODES)[number];
const History = z.enum(HISTORY_MODES);

/**
 * Conversation memory of a node, kept per conversation (issue 9; seeds 001 and 004). `window`: only
 * the last N turns go into the prompt. `summary`: once the conversation has more than `after` turns,
 * the turns older than the window (`window`, else `after`) are summarized by a model call and given as
 * a system note. `entities`: every N turns a model call extracts the conversation's entities, given as
 * a "Known entities" note. `model` names an entry of `models` (default: the node's model).
 * Roles that take it: roles.ts.
 */
const TurnCount = z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000');
export const MemorySpec = z
  .strictObject({
    window: TurnCount.optional(),
    summary: z.strictObject({ after: TurnCount, model: Identifier.optional() }).optional(),
    entities: z.strictObject({ every: TurnCount, model: Identifier.optional() }).optional(),
  })
  .refine((m) => m.window !== undefined || m.summary !== undefined || m.entities !== undefined, 'must set window, summary or entities');
export type MemorySpec = z.infer<typeof MemorySpec>;

/** How a tool-calling agent decides it is done (seed 002). */
export const ExitCondition = z.union([
  z.literal('text'),
  z.strictObject({ tool: Identifier }),
  z.strictObject({ when: CelExpression }),
]);
export type ExitCondition = z.infer<typeof ExitCondition>;

const AgentNode = z.strictObject({
  role: z.literal('agent'),
  ...common,
  strategy: z.enum(AGENT_STRATEGIES).optional(),
  model: Identifier.optional(),
  system_prompt: Text.optional(),
  /** CEL giving the task text for this node; defaults to the last user message / `state.input`. */
  input: CelExpression.optional(),
  tools: z.array(Identifier).max(100).optional(),
  max_steps: z.number().int().min(1).max(100).optional(),
  exit: ExitCondition.optional(),
  history: History.optional(),
  memory: MemorySpec.optional(),
  /** react: the prompt template ({tool_names}, {tool_names_with_descriptions}, {history}, {query}, {transcript}). */
  prompt_template: Text.optional(),
  /** react: regex with one group capturing the final answer. */
  final_answer_pattern: z.string().max(1000).optional(),
  /** react: regex with two groups capturing the tool name and the tool input. */
  action_pattern: z.string().max(1000).optional(),
  /** State channel the final answer is written to (besides being appended to messages). */
  output: Identifier.optional(),
});

const PlannerNode = z.strictObject({
  role: z.literal('planner'),
  ...common,
  model: Identifier.optional(),
  system_prompt: Text.optional(),
  history: History.optional(),
  input: CelExpression.optional(),
  output: Identifier.optional(),
});

const ExecutorNode = z.strictObject({
  role: z.literal('executor'),
  ...common,
  model: Identifier.optional(),
  system_prompt: Text.optional(),
  history: History.optional(),
  tools: z.array(Identifier).max(100).optional(),
  max_steps: z.number().int().min(1).max(100).optional(),
  /** How many times the plan may be revised after a failed step. */
  max_revisions: z.number().int().min(0).max(20).optional(),
  output: Identifier.optional(),
});

const SupervisorNode = z.strictObject({
  role: z.literal('supervisor'),
  ...common,
  model: Identifier.optional(),
  system_prompt: Text.optional(),
  history: History.optional(),
  memory: MemorySpec.optional(),
  input: CelExpression.optional(),
  /** Worker nodes offered to the supervisor as tools. */
  workers: z.array(Identifier).min(1).max(50),
  max_steps: z.number().int().min(1).max(100).optional(),
  output: Identifier.optional(),
});

const ToolNode = z.strictObject({
  role: z.literal('tool'),
  ...common,
  tool: Identifier,
  /** Argument name -> CEL expression over `state`. */
  args: z.record(z.string().max(100), CelExpression).optional(),
  output: Identifier.optional(),
});

const RouterNode = z.strictObject({
  role: z.literal('router'),
  ...common,
  /** `cel`: the outgoing branches decide; `llm`: a model picks one of the labelled branches. */
  mode: z.enum(['cel', 'llm']).optional(),
  model: Identifier.optional(),
  prompt: Text.optional(),
  /** mode llm only: what of the conversation the classifier sees besides its input. */
  history: History.optional(),
  output: Identifier.optional(),
});

const HumanNode = z.strictObject({
  role: z.literal('human'),
  ...common,
  prompt: Text,
  /** `approval`: approve / reject; `input`: free text or an edited value. */
  kind: z.enum(['approval', 'input']).optional(),
  /** CEL giving the data shown for review; defaults to the last message. */
  show: CelExpression.optional(),
  output: Identifier.optional(),
});

const SubgraphNode = z.strictObject({
  role: z.literal('subgraph'),
  ...common,
  /** Name of another saved graph. */
  graph: GraphName,
  input: CelExpression.optional(),
  output: Identifier.optional(),
});

export const NodeSpec = z.discriminatedUnion('role', [
  AgentNode,
  PlannerNode,
  ExecutorNode,
  SupervisorNode,
  ToolNode,
  RouterNode,
  HumanNode,
  SubgraphNode,
]);
export type NodeSpec = z.infer<typeof NodeSpec>;
export type NodeOf<R extends NodeRole> = Extract<NodeSpec, { role: R }>;

/** The per-role config schemas, keyed by role (a missing role is a compile error). */
export const NODE_SCHEMAS = {
  agent: AgentNode,
  planner: PlannerNode,
  executor: ExecutorNode,
  supervisor: SupervisorNode,
  tool: ToolNode,
  router: RouterNode,
  human: HumanNode,
  subgraph: SubgraphNode,
} satisfies Record<NodeRole, z.ZodType>;

// ---------------------------------------------------------------- edges

/** A node id, or START / END. */
const NodeRef = z.string().min(1).max(64);

export const PlainEdge = z.strictObject({
  from: NodeRef,
  to: NodeRef,
  label: z.string().max(200).optional(),
});

export const WhenBranch = z.strictObject({
  when: CelExpression,
  to: NodeRef,
  /** For LLM routers: the label the classifier picks. */
  label: z.string().max(200).optional(),
});
const ElseBranch = z.strictObject({ else: NodeRef });
export const Branch = z.union([WhenBranch, ElseBranch]);
export type Branch = z.infer<typeof Branch>;

export const ConditionalEdge = z.strictObject({
  from: NodeRef,
  /** Tried in order; the first `when` that is true wins, `else` otherwise. */
  branches: z.array(Branch).min(1).max(50),
});

export const EdgeSpec = z.union([PlainEdge, ConditionalEdge]);
export type EdgeSpec = z.infer<typeof EdgeSpec>;
export type PlainEdge = z.infer<typeof PlainEdge>;
export type ConditionalEdge = z.infer<typeof ConditionalEdge>;


// ---------------------------------------------------------------- limits, layout


/** Ranges are checked by validation (with a clear message), not here, so a bad value still loads. */
export const Limits = z.strictObject({
  recursion_limit: z.number().int().optional(),
  timeout_s: z.number().optional(),
  max_tokens: z.number().int().optional(),
  /** Most USD the run's model calls may cost (priced per connection and model, lib/graph/prices.ts). */
  max_cost_usd: z.number().optional(),
  /** Most model calls the run may make. */
  max_model_calls: z.number().int().optional(),
});
export type Limits = z.infer<typeof Limits>;

export const Position = z.strictObject({ x: z.number().finite(), y: z.number().finite() });
const Layout = z.record(z.string().max(64), Position);

// ---------------------------------------------------------------- the document

export const GraphDocument = z.strictObject({
  switchyard: z.literal(FORMAT_VERSION),
  name: GraphName,
  description: Text.optional(),
  models: z.record(Identifier, ModelSpec).optional(),
  tools: z.record(Identifier, ToolSpec).optional(),
  state: z.record(Identifier, StateChannel).optional(),
  nodes: z.record(Identifier, NodeSpec),
  edges: z.array(EdgeSpec).max(10_000),
  /**
   * The run's answer: a state channel name, or a CEL expression over `state`. Without it, the answer
   * is the last message written by a node whose output goes to `messages` (a node without `output`).
   */
  output: CelExpression.optional(),
  limits: Limits.optional(),
  layout: Layout.optional(),
});
export type GraphDocument = z.infer<typeof GraphDocument>;

/** Top-level key order used by the YAML writer. */
export const DOCUMENT_KEY_ORDER = [
  'switchyard',
  'name',
  'description',
  'models',
  'tools',
  'state',
  'nodes',
  'edges',
  'output',
  'limits',
  'layout',
] as const satisfies readonly (keyof GraphDocument)[];
