/**
 * The one home of per-role facts: label, one-line description, glyph, colour token, the fields the
 * inspector shows (in order), the spec a freshly dropped node starts with, whether a node calls a
 * model, whether it reads the conversation (`history`), which other nodes it calls, and what its
 * canvas card says.
 * `Record<NodeRole, RoleMeta>`: adding a role to the schema without an entry here is a compile error.
 * The validator, preflight, editor store, canvas and docs ask this file. Pure: no React, no DOM.
 */
import { DEFAULTS } from './defaults';
import type { ModelSpec, NodeOf, NodeRole, NodeSpec, ToolSpec } from './schema';

/** What a node's canvas card says besides its name: a short detail line and chips (model shown apart). */
export interface CardSummary {
  detail?: string;
  chips: string[];
}

type ToolTable = Readonly<Record<string, ToolSpec>>;

export interface RoleMeta<R extends NodeRole = NodeRole> {
  role: R;
  label: string;
  description: string;
  /** A short glyph shown in the node's badge (text, never HTML). */
  glyph: string;
  /** CSS custom property holding the role colour (defined by the theme, with a fallback). */
  colorVar: `--role-${R}`;
  fallbackColor: string;
  /** Fields of the role's schema the inspector shows, in order (others still show if set). */
  fields: readonly (keyof NodeOf<R> & string)[];
  /** The spec of a node just added from the palette. */
  create(ctx: { tools: string[]; nodes: string[] }): NodeOf<R>;
  /** Does a node with this spec call a model when it runs? */
  callsModel(spec: NodeOf<R>): boolean;
  /** Does its prompt carry the conversation (and so its `history` setting apply)? */
  takesHistory(spec: NodeOf<R>): boolean;
  /** Does it keep conversation memory (its schema has `memory:`: window, summary, entities)? */
  takesMemory: boolean;
  /** Ids of the nodes this node calls as sub-agents (they return to it), given the graph's tools. */
  callees(spec: NodeOf<R>, tools: ToolTable): string[];
  /** The detail line and chips of its canvas card. */
  card(spec: NodeOf<R>): CardSummary;
}

/** Nodes behind the `agent` tools among `names`. */
function agentToolNodes(names: readonly string[], tools: ToolTable): string[] {
  return names.flatMap((t) => {
    const spec = Object.hasOwn(tools, t) ? tools[t] : undefined;
    return spec?.type === 'agent' ? [spec.node] : [];
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const always = () => true;
const never = () => false;
const none = () => [];

type Registry = { [R in NodeRole]: RoleMeta<R> };

export const ROLES: Registry = {
  agent: {
    role: 'agent',
    label: 'Agent',
    description: 'An LLM that reasons and calls tools until it has an answer.',
    glyph: 'A',
    colorVar: '--role-agent',
    fallbackColor: '#6366f1',
    fields: ['label', 'description', 'strategy', 'model', 'system_prompt', 'tools', 'max_steps', 'exit', 'input', 'history', 'memory', 'guards', 'output', 'prompt_template', 'final_answer_pattern', 'action_pattern'],
    create: () => ({ role: 'agent', strategy: 'tool_calling' }),
    callsModel: always,
    takesHistory: always,
    takesMemory: true,
    callees: (spec, tools) => agentToolNodes(spec.tools ?? [], tools),
    card: (spec) => ({ detail: (spec.strategy ?? DEFAULTS.strategy).replace('_', ' '), chips: spec.tools ?? [] }),
  },
  planner: {
    role: 'planner',
    label: 'Planner',
    description: 'Writes a numbered plan for the executor to follow.',
    glyph: 'P',
    colorVar: '--role-planner',
    fallbackColor: '#0ea5e9',
    fields: ['label', 'description', 'model', 'system_prompt', 'input', 'history', 'output'],
    create: () => ({ role: 'planner' }),
    callsModel: always,
    takesHistory: always,
    takesMemory: false,
    callees: none,
    card: () => ({ detail: 'writes a plan', chips: [] }),
  },
  executor: {
    role: 'executor',
    label: 'Executor',
    description: 'Runs each step of a plan with its tools, revising when a step fails.',
    glyph: 'E',
    colorVar: '--role-executor',
    fallbackColor: '#14b8a6',
    fields: ['label', 'description', 'model', 'system_prompt', 'tools', 'max_steps', 'max_revisions', 'history', 'output'],
    create: () => ({ role: 'executor' }),
    callsModel: always,
    takesHistory: always,
    takesMemory: false,
    callees: (spec, tools) => agentToolNodes(spec.tools ?? [], tools),
    card: (spec) => ({ detail: 'plan steps', chips: spec.tools ?? [] }),
  },
  supervisor: {
    role: 'supervisor',
    label: 'Supervisor',
    description: 'Delegates work to worker agents offered to it as tools.',
    glyph: 'S',
    colorVar: '--role-supervisor',
    fallbackColor: '#a855f7',
    fields: ['label', 'description', 'model', 'system_prompt', 'workers', 'max_steps', 'input', 'history', 'memory', 'output'],
    create: ({ nodes }) => ({ role: 'supervisor', workers: nodes.length ? [nodes[0]] : [] }),
    callsModel: always,
    takesHistory: always,
    takesMemory: true,
    callees: (spec) => spec.workers,
    card: (spec) => ({ detail: plural(spec.workers.length, 'worker'), chips: spec.workers }),
  },
  tool: {
    role: 'tool',
    label: 'Tool',
    description: 'Calls one tool with arguments computed from the state.',
    glyph: 'T',
    colorVar: '--role-tool',
    fallbackColor: '#f59e0b',
    fields: ['label', 'description', 'tool', 'args', 'output'],
    create: ({ tools }) => ({ role: 'tool', tool: tools[0] ?? '' }),
    callsModel: never,
    takesHistory: never,
    takesMemory: false,
    callees: (spec, tools) => agentToolNodes([spec.tool], tools),
    card: (spec) => ({ detail: spec.tool ? `calls ${spec.tool}` : 'no tool chosen', chips: Object.keys(spec.args ?? {}) }),
  },
  router: {
    role: 'router',
    label: 'Router',
    description: 'Chooses the next node with CEL conditions or an LLM classifier.',
    glyph: 'R',
    colorVar: '--role-router',
    fallbackColor: '#ec4899',
    fields: ['label', 'description', 'mode', 'model', 'prompt', 'history', 'output'],
    create: () => ({ role: 'router', mode: 'cel' }),
    /** Only the LLM classifier calls a model; a CEL router lets its branches decide. */
    callsModel: (spec) => spec.mode === 'llm',
    /** Only the LLM classifier reads the conversation. */
    takesHistory: (spec) => spec.mode === 'llm',
    takesMemory: false,
    callees: none,
    card: (spec) => ({ detail: spec.mode === 'llm' ? 'LLM classifier' : 'CEL branches', chips: [] }),
  },
  human: {
    role: 'human',
    label: 'Human',
    description: 'Pauses the run for an approval or an input from a person.',
    glyph: 'H',
    colorVar: '--role-human',
    fallbackColor: '#22c55e',
    fields: ['label', 'description', 'kind', 'prompt', 'show', 'output'],
    create: () => ({ role: 'human', kind: 'approval', prompt: 'Approve to continue?' }),
    callsModel: never,
    takesHistory: never,
    takesMemory: false,
    callees: none,
    card: (spec) => ({ detail: spec.kind === 'input' ? 'asks for input' : 'asks for approval', chips: [] }),
  },
  subgraph: {
    role: 'subgraph',
    label: 'Subgraph',
    description: 'Runs another saved graph as one step.',
    glyph: 'G',
    colorVar: '--role-subgraph',
    fallbackColor: '#64748b',
    fields: ['label', 'description', 'graph', 'input', 'output'],
    create: () => ({ role: 'subgraph', graph: '' }),
    /** The other graph's nodes call models; this node does not. */
    callsModel: never,
    takesHistory: never,
    takesMemory: false,
    /** It runs another graph, not a node of this one. */
    callees: none,
    card: (spec) => ({ detail: spec.graph ? `runs ${spec.graph}` : 'no graph chosen', chips: [] }),
  },
  map: {
    role: 'map',
    label: 'Map',
    description: 'Runs another saved graph once per item of a list, a few at a time; outputs in order.',
    glyph: 'M',
    colorVar: '--role-map',
    fallbackColor: '#0d9488',
    fields: ['label', 'description', 'graph', 'items', 'max_concurrency', 'on_error', 'output'],
    create: () => ({ role: 'map', graph: '', items: 'state.items', max_concurrency: 4 }),
    /** The other graph's nodes call models; this node does not. */
    callsModel: never,
    takesHistory: never,
    takesMemory: false,
    callees: none,
    card: (spec) => ({ detail: spec.graph ? `maps ${spec.graph}` : 'no graph chosen', chips: [`×${spec.max_concurrency ?? 4}`] }),
  },
};

/** The registry entry of a node's role, typed for any node (each entry only ever sees its own role). */
const metaOf = (node: NodeSpec) => ROLES[node.role] as unknown as Pick<RoleMeta<NodeRole>, 'callsModel' | 'takesHistory' | 'callees' | 'card'>;

/** Does this node call a model when it runs (and so need one: its `model` or `models.default`)? */
export function callsModel(node: NodeSpec): boolean {
  return metaOf(node).callsModel(node);
}

/** Does this node's prompt carry the conversation, so that its `history` setting applies? */
export function takesHistory(node: NodeSpec): boolean {
  return metaOf(node).takesHistory(node);
}

/** Does this node keep conversation memory, so that its `memory` setting applies? */
export function takesMemory(node: NodeSpec): boolean {
  return ROLES[node.role].takesMemory;
}

/** Ids of the nodes this node calls (supervisor workers, nodes behind `agent` tools), in order, repeats kept. */
export function calleesOf(node: NodeSpec, tools: ToolTable | undefined): string[] {
  return metaOf(node).callees(node, tools ?? {});
}

/** What a node's canvas card says: detail line, the model id when it calls one, chips. */
export function cardSummary(node: NodeSpec): CardSummary & { model?: string } {
  const card = metaOf(node).card(node);
  return callsModel(node) ? { ...card, model: ('model' in node && node.model) || DEFAULTS.model } : card;
}

/** The model entry a new graph (or the first model-calling node of a graph without models) starts with. */
export const DEFAULT_MODEL_SPEC: Readonly<ModelSpec> = { connection: 'default', model: 'gpt-4o-mini' };

/** A fresh `models:` table holding only the default entry (the one nodes without `model` use). */
export function defaultModels(): Record<string, ModelSpec> {
  return { [DEFAULTS.model]: { ...DEFAULT_MODEL_SPEC } };
}

/** Fields holding long text: edited in a multi-line box. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['system_prompt', 'prompt_template', 'prompt', 'description']);
/** Fields holding a CEL expression: checked as you type. */
export const CEL_FIELDS: ReadonlySet<string> = new Set(['input', 'show', 'items']);
