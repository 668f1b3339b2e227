/** Small graph documents for the run API tests (each test renames them as it needs). */
import type { GraphDocument } from '@/lib/graph/schema';

const models = { default: { connection: 'default', model: 'mock-model', temperature: 0 } };

/** Seed 000: the MRKL agent with an http Search tool (a local test server) and the calculator. */
export function mrklGraph(searchBase: string): GraphDocument {
  return {
    switchyard: 1,
    name: 'mrkl',
    models,
    tools: {
      Search: {
        type: 'http',
        description: 'useful for when you need to answer questions about current events. You should ask targeted questions',
        method: 'GET',
        url: `${searchBase}/search?q={query}&format=json`,
        args_schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
        return_output: 'results',
      },
      Calculator: { type: 'calculator', description: 'useful for when you need to answer questions about math' },
    },
    nodes: { agent: { role: 'agent', strategy: 'react', tools: ['Search', 'Calculator'], max_steps: 8 } },
    edges: [
      { from: 'START', to: 'agent' },
      { from: 'agent', to: 'END' },
    ],
  };
}

/** One tool-calling agent, optionally with tools and an exit condition. */
export function agentGraph(name: string, extra: Partial<GraphDocument> & { agent?: Record<string, unknown> } = {}): GraphDocument {
  const { agent, ...rest } = extra;
  return {
    switchyard: 1,
    name,
    models,
    nodes: { agent: { role: 'agent', strategy: 'tool_calling', ...(agent ?? {}) } as GraphDocument['nodes'][string] },
    edges: [
      { from: 'START', to: 'agent' },
      { from: 'agent', to: 'END' },
    ],
    ...rest,
  };
}

/** An agent drafts, a human approves (→ publish) or rejects (→ END). */
export function humanGraph(name = 'approval'): GraphDocument {
  return {
    switchyard: 1,
    name,
    models,
    state: { decision: { type: 'string' } },
    nodes: {
      writer: { role: 'agent', strategy: 'tool_calling', system_prompt: 'Write a one-line draft.' },
      approve: { role: 'human', prompt: 'Publish this draft?', kind: 'approval', output: 'decision' },
      publish: { role: 'agent', strategy: 'tool_calling', system_prompt: 'Announce the publication.' },
    },
    edges: [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'approve' },
      { from: 'approve', branches: [{ when: 'state.decision == "approved"', to: 'publish' }, { else: 'END' }] },
      { from: 'publish', to: 'END' },
    ],
  };
}

/**
 * The time-travel graph (the API test and the e2e spec): intake (1) → classify (2, writes `route`)
 * → draft (3) → refund | answer (4) by state.route.
 */
export function triageGraph(name: string): GraphDocument {
  const agent = (system_prompt: string, extra: Record<string, unknown> = {}) => ({ role: 'agent', strategy: 'tool_calling', system_prompt, ...extra }) as GraphDocument['nodes'][string];
  return {
    switchyard: 1,
    name,
    models,
    state: { route: { type: 'string' } },
    nodes: {
      intake: agent('Restate the request.'),
      classify: agent('Classify the request as refund or question.', { output: 'route' }),
      draft: agent('Draft a reply.'),
      refund: agent('Process the refund.'),
      answer: agent('Answer the question.'),
    },
    edges: [
      { from: 'START', to: 'intake' },
      { from: 'intake', to: 'classify' },
      { from: 'classify', to: 'draft' },
      { from: 'draft', branches: [{ when: 'state.route == "refund"', to: 'refund' }, { else: 'answer' }] },
      { from: 'refund', to: 'END' },
      { from: 'answer', to: 'END' },
    ],
  };
}
