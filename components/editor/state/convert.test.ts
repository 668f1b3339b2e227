import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGraphYaml, stringifyGraph } from '@/lib/graph/yaml';
import type { GraphDocument } from '@/lib/graph/schema';
import { documentToEditor, editorToDocument } from './convert';
import type { BranchEdgeData } from './types';
import { isGraphFile } from '@/lib/graph/file-names';

const loop: GraphDocument = {
  switchyard: 1,
  name: 'writer-reviewer',
  description: 'Write, review, revise.',
  models: { default: { connection: 'default', model: 'gpt-4o-mini', temperature: 0 } },
  tools: { calc: { type: 'calculator' } },
  state: { verdict: { type: 'string' } },
  nodes: {
    writer: { role: 'agent', strategy: 'tool_calling', system_prompt: 'Write.\nWell.', tools: ['calc'] },
    reviewer: {
      role: 'agent',
      output: 'verdict',
      exit: { when: 'state.verdict != ""' },
      guards: { input: [{ check: 'pii', kinds: ['email'] }], output: [{ check: 'max_chars', max: 100 }] },
      output_schema: { type: 'object', properties: { verdict: { type: 'string' } } },
    },
    approve: { role: 'human', prompt: 'Publish?' },
  },
  edges: [
    { from: 'START', to: 'writer' },
    { from: 'writer', to: 'reviewer', label: 'draft' },
    { from: 'reviewer', branches: [{ when: 'state.verdict == "revise"', to: 'writer', label: 'revise' }, { else: 'approve' }] },
    { from: 'approve', to: 'END' },
  ],
  guards: { input: [{ check: 'injection', model: 'default', threshold: 0.8 }] },
  limits: { recursion_limit: 30 },
  layout: {
    END: { x: 0, y: 640 },
    START: { x: 0, y: 0 },
    writer: { x: 0, y: 160 },
    reviewer: { x: 0, y: 320 },
    approve: { x: 0, y: 480 },
    ghost: { x: 5, y: 5 },
  },
};

const roundTrip = (doc: GraphDocument) => editorToDocument(documentToEditor(doc)).doc;

describe('document <-> editor conversion', () => {
  it('a hand-written document with every block survives the round trip unchanged, key order included', () => {
    const back = roundTrip(loop);
    expect(back).toEqual(loop);
    expect(stringifyGraph(back)).toBe(stringifyGraph(loop));
    expect(Object.keys(back.layout!)).toEqual(Object.keys(loop.layout!));
  });

  it('a conditional edge with two branches becomes two edges sharing a source, numbered in order', () => {
    const { edges } = documentToEditor(loop);
    const branches = edges.filter((e) => e.data?.kind === 'branch');
    expect(branches.map((e) => [e.source, e.target, (e.data as BranchEdgeData).index])).toEqual([
      ['reviewer', 'writer', 0],
      ['reviewer', 'approve', 1],
    ]);
    expect(branches[0].data).toMatchObject({ when: 'state.verdict == "revise"', label: 'revise' });
    expect(branches[1].data).toMatchObject({ else: true });
  });

  it('START and END are special nodes that never appear in nodes', () => {
    const g = documentToEditor(loop);
    expect(g.nodes.filter((n) => n.type === 'terminal').map((n) => n.id)).toEqual(['START', 'END']);
    expect(Object.keys(roundTrip(loop).nodes)).toEqual(['writer', 'reviewer', 'approve']);
  });

  it('a document without a layout block gets computed positions but keeps no layout until something moves', () => {
    const { layout: _drop, ...bare } = loop;
    const g = documentToEditor(bare);
    expect(g.nodes.every((n) => Number.isFinite(n.position.x) && Number.isFinite(n.position.y))).toBe(true);
    const start = g.nodes.find((n) => n.id === 'START')!;
    const writer = g.nodes.find((n) => n.id === 'writer')!;
    expect(writer.position.y).toBeGreaterThan(start.position.y); // top to bottom
    expect(editorToDocument(g).doc).toEqual(bare);
    g.layout.unplaced = [];
    expect(Object.keys(editorToDocument(g).doc.layout ?? {})).toEqual(['START', 'writer', 'reviewer', 'approve', 'END']);
  });

  it('branches are emitted in index order even when the edges are stored out of order', () => {
    const g = documentToEditor(loop);
    const [a, b] = g.edges.filter((e) => e.data?.kind === 'branch');
    g.edges = g.edges.filter((e) => e !== a && e !== b);
    g.edges.push(b, a);
    const { doc, edgeIds } = editorToDocument(g);
    const cond = doc.edges.find((e) => 'branches' in e)!;
    expect(cond).toEqual(loop.edges[2]);
    expect(edgeIds[doc.edges.indexOf(cond)]).toEqual([a.id, b.id]);
  });

  it('an empty condition is written as an empty `when` (reported by validation), never dropped', () => {
    const g = documentToEditor(loop);
    const first = g.edges.find((e) => e.data?.kind === 'branch')!;
    first.data = { kind: 'branch', index: 0 };
    const cond = editorToDocument(g).doc.edges[2];
    expect(cond).toEqual({ from: 'reviewer', branches: [{ when: '', to: 'writer' }, { else: 'approve' }] });
  });

  const dir = join(process.cwd(), 'examples');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter(isGraphFile);
  } catch {
    files = [];
  }
  it.each(files)('example %s: stringify(editor round trip) is byte-identical', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const parsed = parseGraphYaml(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(stringifyGraph(roundTrip(parsed.doc))).toBe(stringifyGraph(parsed.doc));
  });
});
