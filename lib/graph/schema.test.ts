import { describe, expect, it } from 'vitest';
import { GraphDocument, NODE_ROLES, NodeSpec, type NodeRole } from './schema';
import { writerReviewerGraph } from './testing/fixtures';

/** A minimal valid node of every role. */
const MINIMAL: Record<NodeRole, Record<string, unknown>> = {
  agent: { role: 'agent' },
  planner: { role: 'planner' },
  executor: { role: 'executor' },
  supervisor: { role: 'supervisor', workers: ['a'] },
  tool: { role: 'tool', tool: 'calc' },
  router: { role: 'router' },
  human: { role: 'human', prompt: 'Approve?' },
  subgraph: { role: 'subgraph', graph: 'other-graph' },
  map: { role: 'map', graph: 'other-graph', items: 'state.items' },
};

describe('graph document schema', () => {
  it.each(NODE_ROLES)('accepts a minimal %s node', (role) => {
    expect(NodeSpec.safeParse(MINIMAL[role]).success).toBe(true);
  });

  it.each(NODE_ROLES)('refuses an unknown field on a %s node', (role) => {
    const r = NodeSpec.safeParse({ ...MINIMAL[role], colour: 'red' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['colour'] });
  });

  it('refuses an unknown role', () => {
    const r = NodeSpec.safeParse({ role: 'wizard' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['role']);
  });

  it('refuses fields that belong to another role', () => {
    expect(NodeSpec.safeParse({ role: 'human', prompt: 'x', tools: ['calc'] }).success).toBe(false);
    expect(NodeSpec.safeParse({ role: 'planner', workers: ['a'] }).success).toBe(false);
  });

  it('refuses missing required fields', () => {
    expect(NodeSpec.safeParse({ role: 'supervisor' }).success).toBe(false);
    expect(NodeSpec.safeParse({ role: 'supervisor', workers: [] }).success).toBe(false);
    expect(NodeSpec.safeParse({ role: 'human' }).success).toBe(false);
    expect(NodeSpec.safeParse({ role: 'tool' }).success).toBe(false);
  });

  it('accepts a whole document and keeps only what was written', () => {
    const doc = writerReviewerGraph();
    expect(GraphDocument.parse(doc)).toEqual(doc);
  });

  it('refuses an unknown top-level field, a wrong version and bad ids', () => {
    expect(GraphDocument.safeParse({ ...writerReviewerGraph(), extra: 1 }).success).toBe(false);
    expect(GraphDocument.safeParse({ ...writerReviewerGraph(), switchyard: 2 }).success).toBe(false);
    const bad = writerReviewerGraph();
    (bad.nodes as Record<string, unknown>)['has space'] = { role: 'agent' };
    expect(GraphDocument.safeParse(bad).success).toBe(false);
  });

  it('refuses secrets-bearing model fields: a model names a connection only', () => {
    const doc = writerReviewerGraph();
    (doc.models!.default as Record<string, unknown>).api_key = 'sk-123';
    expect(GraphDocument.safeParse(doc).success).toBe(false);
  });
});
