/**
 * The canvas look of each node role: label, one-line description, glyph, colour token, the fields the
 * inspector shows (in order) and the spec a freshly dropped node starts with.
 * `Record<NodeRole, RoleMeta>`: adding a role to the schema without an entry here is a compile error.
 * Pure data: no React, no DOM.
 */
import type { NodeOf, NodeRole } from './schema';

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
}

type Registry = { [R in NodeRole]: RoleMeta<R> };

export const ROLES: Registry = {
  agent: {
    role: 'agent',
    label: 'Agent',
    description: 'An LLM that reasons and calls tools until it has an answer.',
    glyph: 'A',
    colorVar: '--role-agent',
    fallbackColor: '#6366f1',
    fields: ['label', 'description', 'strategy', 'model', 'system_prompt', 'tools', 'max_steps', 'exit', 'input', 'output', 'prompt_template', 'final_answer_pattern', 'action_pattern'],
    create: () => ({ role: 'agent', strategy: 'tool_calling' }),
  },
  planner: {
    role: 'planner',
    label: 'Planner',
    description: 'Writes a numbered plan for the executor to follow.',
    glyph: 'P',
    colorVar: '--role-planner',
    fallbackColor: '#0ea5e9',
    fields: ['label', 'description', 'model', 'system_prompt', 'input', 'output'],
    create: () => ({ role: 'planner' }),
  },
  executor: {
    role: 'executor',
    label: 'Executor',
    description: 'Runs each step of a plan with its tools, revising when a step fails.',
    glyph: 'E',
    colorVar: '--role-executor',
    fallbackColor: '#14b8a6',
    fields: ['label', 'description', 'model', 'system_prompt', 'tools', 'max_steps', 'max_revisions', 'output'],
    create: () => ({ role: 'executor' }),
  },
  supervisor: {
    role: 'supervisor',
    label: 'Supervisor',
    description: 'Delegates work to worker agents offered to it as tools.',
    glyph: 'S',
    colorVar: '--role-supervisor',
    fallbackColor: '#a855f7',
    fields: ['label', 'description', 'model', 'system_prompt', 'workers', 'max_steps', 'input', 'output'],
    create: ({ nodes }) => ({ role: 'supervisor', workers: nodes.length ? [nodes[0]] : [] }),
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
  },
  router: {
    role: 'router',
    label: 'Router',
    description: 'Chooses the next node with CEL conditions or an LLM classifier.',
    glyph: 'R',
    colorVar: '--role-router',
    fallbackColor: '#ec4899',
    fields: ['label', 'description', 'mode', 'model', 'prompt', 'output'],
    create: () => ({ role: 'router', mode: 'cel' }),
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
  },
};

export function roleMeta<R extends NodeRole>(role: R): RoleMeta<R> {
  return ROLES[role];
}

/** Fields holding long text: edited in a multi-line box. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['system_prompt', 'prompt_template', 'prompt', 'description']);
/** Fields holding a CEL expression: checked as you type. */
export const CEL_FIELDS: ReadonlySet<string> = new Set(['input', 'show']);
