/** The docs' table of contents: section ids are the anchors (#id) the left column links to. */
export interface TocEntry {
  id: string;
  title: string;
  children?: { id: string; title: string }[];
}

import { NODE_ROLES } from '@/lib/graph/constants';
import { ROLES } from '@/lib/graph/roles';

export const roleAnchor = (role: string) => `role-${role}`;

export const TOC: TocEntry[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    children: [
      { id: 'three-things', title: 'Design, YAML, run' },
      { id: 'first-run', title: 'Your first run' },
      { id: 'examples', title: 'Example graphs' },
    ],
  },
  { id: 'roles', title: 'Roles', children: NODE_ROLES.map((r) => ({ id: roleAnchor(r), title: ROLES[r].label })) },
  {
    id: 'edges',
    title: 'Edges and conditions',
    children: [
      { id: 'conditional-edges', title: 'Conditional branches' },
      { id: 'cel', title: 'CEL variables' },
      { id: 'fan-out', title: 'Fan-out and joins' },
      { id: 'llm-routers', title: 'LLM routers' },
    ],
  },
  {
    id: 'strategies',
    title: 'Agents and control',
    children: [
      { id: 'react', title: 'react' },
      { id: 'tool-calling', title: 'tool_calling' },
      { id: 'plan-execute', title: 'plan_execute' },
      { id: 'supervisors', title: 'Supervisors' },
      { id: 'human', title: 'Human steps' },
      { id: 'breakpoints', title: 'Breakpoints' },
      { id: 'subgraphs', title: 'Subgraphs' },
      { id: 'map', title: 'Map (for each item)' },
    ],
  },
  {
    id: 'tools',
    title: 'Tools',
    children: [
      { id: 'tool-calculator', title: 'calculator' },
      { id: 'tool-http', title: 'http' },
      { id: 'tool-web-search', title: 'web_search' },
      { id: 'tool-web-retriever', title: 'web_retriever' },
      { id: 'tool-document-sampler', title: 'document_sampler (top-p)' },
      { id: 'tool-openapi', title: 'openapi' },
      { id: 'tool-mcp', title: 'mcp (MCP servers, /api/mcp)' },
      { id: 'tool-knowledge', title: 'knowledge (knowledge bases)' },
      { id: 'tool-reflect', title: 'reflect (self-reflection)' },
      { id: 'tool-human', title: 'human (ask a person)' },
      { id: 'tool-client', title: 'client tools' },
      { id: 'tool-remote-agent', title: 'a2a (a remote agent)' },
      { id: 'tool-agent', title: 'agent' },
      { id: 'tool-code', title: 'code (sandboxed JS / Python)' },
    ],
  },
  {
    id: 'state',
    title: 'State channels',
    children: [
      { id: 'who-said-what', title: 'Who said what' },
      { id: 'run-answer', title: 'The run’s answer' },
    ],
  },
  { id: 'memory', title: 'Conversation memory' },
  { id: 'guards', title: 'Guards and structured output' },
  { id: 'yaml', title: 'The YAML format' },
  { id: 'traces', title: 'Traces' },
  {
    id: 'time-travel',
    title: 'Time travel',
    children: [
      { id: 'checkpoints', title: 'Checkpoints' },
      { id: 'fork', title: 'Fork' },
      { id: 'replay', title: 'Replay from recordings' },
      { id: 'compare', title: 'Compare runs' },
    ],
  },
  {
    id: 'testing-ops',
    title: 'Tests, CLI, cost, telemetry',
    children: [
      { id: 'graph-tests', title: 'Graph tests' },
      { id: 'cassettes', title: 'Cassettes (recorded runs)' },
      { id: 'cli', title: 'The switchyard CLI' },
      { id: 'cost', title: 'Cost and budgets' },
      { id: 'telemetry', title: 'OpenTelemetry' },
    ],
  },
  {
    id: 'api',
    title: 'API',
    children: [
      { id: 'run-api', title: 'Run API' },
      { id: 'connections', title: 'Connections and supports' },
      { id: 'workspaces', title: 'Workspaces' },
      { id: 'openai-api', title: 'OpenAI-compatible' },
      { id: 'a2a', title: 'A2A (agent to agent)' },
      { id: 'responses-api', title: 'Responses and Conversations' },
      { id: 'publish-share', title: 'Publish, share and embed' },
      { id: 'error-codes', title: 'Error codes' },
    ],
  },
];

/** Every anchor the table of contents links to. */
export function tocIds(entries: TocEntry[] = TOC): string[] {
  return entries.flatMap((e) => [e.id, ...(e.children ?? []).map((c) => c.id)]);
}
