/**
 * The graph format's names, enums and limits that need no zod: the one home of these facts.
 * lib/graph/schema/ builds its zod schemas from them; browser code that only needs a constant or
 * a name check imports this file, so the editor's first-load JS carries no schema library.
 */
export const FORMAT_VERSION = 1 as const;
export const START = 'START' as const;
export const END = 'END' as const;

export const NODE_ROLES = ['agent', 'planner', 'executor', 'supervisor', 'tool', 'router', 'human', 'subgraph', 'map'] as const;
export type NodeRole = (typeof NODE_ROLES)[number];

export const AGENT_STRATEGIES = ['react', 'tool_calling', 'plan_execute'] as const;
export type AgentStrategy = (typeof AGENT_STRATEGIES)[number];

/** Node, tool, model and channel ids. START and END are reserved. */
export const IDENTIFIER_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
export const IDENTIFIER_RULE = 'must start with a letter or _ and hold only letters, digits, _ and - (at most 64)';
export const isIdentifier = (v: string): boolean => IDENTIFIER_PATTERN.test(v);

export const GRAPH_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;
export const GRAPH_NAME_RULE = 'must start with a letter or digit and hold only letters, digits, ., _ and - (at most 80)';
export const isGraphName = (v: string): boolean => GRAPH_NAME_PATTERN.test(v);

/** Web search providers: keys (SERPER_API_KEY, SERPAPI_API_KEY) come from the server's environment. */
export const SEARCH_PROVIDERS = ['serper', 'serpapi', 'searxng'] as const;

/**
 * Tool types that offer the model several functions (one per operation / server tool) instead of one
 * named after the tool id. Every other fact per tool type: lib/graph/tool-types.ts.
 */
export const MULTI_FUNCTION_TOOLS = ['openapi', 'mcp'] as const;

export const CHANNEL_TYPES = ['messages', 'string', 'number', 'boolean', 'json', 'list'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** The ranges of `limits`, checked by validation (with a clear message) so a bad value still loads. */
export const LIMIT_RANGES = {
  recursion_limit: { min: 1, max: 1000 },
  timeout_s: { min: 1, max: 86_400 },
  max_tokens: { min: 1, max: 100_000_000 },
  max_cost_usd: { min: 0, max: 1_000_000 },
  max_model_calls: { min: 1, max: 1_000_000 },
} as const;

/** Whether an edge (schema.ts's EdgeSpec) is a conditional one (ConditionalEdge). */
export function isConditional<E extends object>(edge: E): edge is Extract<E, { branches: unknown }> {
  return 'branches' in edge;
}
/** Where a branch (schema.ts's Branch) leads. */
export function branchTarget(b: { to: string } | { else: string }): string {
  return 'else' in b ? b.else : b.to;
}

/** What a `pii` guard looks for (lib/graph/schema/guards.ts; zod-free for the inspector's first load). */
export const PII_KINDS = ['email', 'phone', 'card', 'iban', 'national_id'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

/** The checks of `guards:` (lib/graph/schema/guards.ts). */
export const GUARD_CHECKS = ['pii', 'moderation', 'injection', 'json_schema', 'max_chars', 'regex'] as const;
export type GuardCheckName = (typeof GUARD_CHECKS)[number];
