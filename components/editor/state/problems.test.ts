import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { documentToEditor, editorToDocument } from './convert';
import { computeProblems } from './compute-problems';
import { locate } from './problems';

const doc: GraphDocument = {
  switchyard: 1,
  name: 'g',
  models: { default: { connection: 'default', model: 'm' } },
  nodes: { a: { role: 'agent', tools: ['nope'] }, b: { role: 'agent' } },
  edges: [
    { from: 'START', to: 'a' },
    { from: 'a', branches: [{ when: 'state.x ==', to: 'b' }, { else: 'END' }] },
    { from: 'b', to: 'END' },
  ],
};

describe('live validation', () => {
  it('puts an unknown tool on its node and a CEL syntax error on its branch edge only', () => {
    const g = documentToEditor(doc);
    const p = computeProblems(editorToDocument(g));
    expect(p.byNode.a.errors.join()).toMatch(/unknown tool "nope"/);
    expect(p.byEdge['e1.0'].errors.join()).toMatch(/CEL/);
    expect(p.byEdge['e1.1']).toBeUndefined();
    expect(p.errorCount).toBe(2);
  });

  it('reports zod errors (a supervisor without workers) and still shows warnings of a document that parses', () => {
    const g = documentToEditor({ ...doc, nodes: { ...doc.nodes, a: { role: 'agent' } }, edges: [{ from: 'START', to: 'a' }, { from: 'b', to: 'END' }] });
    const p = computeProblems(editorToDocument(g));
    expect(p.errorCount).toBe(0);
    expect(p.byNode.b.warnings.join()).toMatch(/cannot be reached/);
    g.nodes.push({ id: 'boss', type: 'supervisor', position: { x: 0, y: 0 }, data: { role: 'supervisor', workers: [] } });
    const bad = computeProblems(editorToDocument(g));
    expect(bad.byNode.boss.errors.join()).toMatch(/at least 1/);
  });

  it('locates paths: branches of an edge, layout entries and graph fields', () => {
    const ids = [['x'], ['y0', 'y1']];
    expect(locate('edges[1].branches', ids)).toEqual({ kind: 'edge', ids: ['y0', 'y1'] });
    expect(locate('edges[1].branches[1].else', ids)).toEqual({ kind: 'edge', ids: ['y1'] });
    expect(locate('edges[7]', ids)).toEqual({ kind: 'graph' });
    expect(locate('layout.a', ids)).toEqual({ kind: 'node', id: 'a' });
    expect(locate('limits.timeout_s', ids)).toEqual({ kind: 'graph' });
  });

  it('says plainly what is missing when a tool node has no tool or a branch has no condition', () => {
    const g = documentToEditor({
      ...doc,
      nodes: { a: { role: 'agent' }, t: { role: 'tool', tool: '' } as never },
      edges: [{ from: 'START', to: 'a' }, { from: 'a', branches: [{ when: '', to: 't' }, { else: 'END' }] }, { from: 't', to: 'END' }],
    });
    const p = computeProblems(editorToDocument(g));
    expect(p.byNode.t.errors).toEqual(['no tool chosen: pick one (add tools in the graph panel first)']);
    expect(p.list.find((x) => x.path === 'edges[1].branches[0].when')?.message).toMatch(/^condition is empty/);
    expect(p.list.map((x) => x.message).join()).not.toMatch(/must start with|at least 1 characters/);
  });
});
