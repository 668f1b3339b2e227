/** `nodes:` — one schema per role (NODE_SCHEMAS; facts per role: lib/graph/roles.ts), history and memory. */
import { z } from 'zod';
import { AGENT_STRATEGIES, type NodeRole } from '../constants';
import { CelExpression, GraphName, Identifier, Text } from './common';
import { guardedFields, structuredFields } from './guards';
import { MapNode } from './map-node';

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
  ...guardedFields,
  ...structuredFields,
});

const PlannerNode = z.strictObject({
  role: z.literal('planner'),
  ...common,
  model: Identifier.optional(),
  system_prompt: Text.optional(),
  history: History.optional(),
  input: CelExpression.optional(),
  output: Identifier.optional(),
  ...guardedFields,
  ...structuredFields,
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
  ...guardedFields,
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
  ...guardedFields,
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
  ...structuredFields,
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
  MapNode,
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
  map: MapNode,
} satisfies Record<NodeRole, z.ZodType>;
