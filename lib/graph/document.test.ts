import { describe, expect, it } from 'vitest';
import { checkGraphDocument, checkPlainData } from './document';
import { writerReviewerGraph } from './testing/fixtures';

describe('checkGraphDocument (JSON input)', () => {
  it('accepts a valid document and returns it with its warnings', () => {
    const doc = writerReviewerGraph();
    doc.layout!.ghost = { x: 0, y: 0 };
    const r = checkGraphDocument(doc);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.doc.nodes).toEqual(doc.nodes);
      expect(r.warnings.map((w) => w.code)).toEqual(['layout_unknown_node']);
    }
  });

  it('refuses __proto__ keys anywhere, as JSON.parse produces them', () => {
    const input = JSON.parse(
      '{"switchyard":1,"name":"x","nodes":{"a":{"role":"agent","__proto__":{"polluted":true}}},"edges":[]}',
    ) as unknown;
    const r = checkGraphDocument(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ code: 'forbidden_key', path: 'nodes.a.__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses constructor and prototype keys', () => {
    const input = { switchyard: 1, name: 'x', nodes: {}, edges: [], state: { x: { type: 'json', default: { constructor: { prototype: 1 } } } } };
    const r = checkGraphDocument(input);
    expect(!r.ok && r.errors[0]).toMatchObject({ code: 'forbidden_key', path: 'state.x.default.constructor' });
  });

  it('refuses nesting deeper than the limit without recursing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkPlainData({ a: deep })[0]).toMatchObject({ code: 'too_deep' });
    const r = checkGraphDocument({ switchyard: 1, name: 'x', nodes: {}, edges: [], description: deep });
    expect(!r.ok && r.errors[0].code).toBe('too_deep');
  });

  it('maps schema errors to paths', () => {
    const doc = writerReviewerGraph() as unknown as Record<string, unknown>;
    (doc.nodes as Record<string, Record<string, unknown>>).writer.max_steps = 0;
    const r = checkGraphDocument(doc);
    expect(!r.ok && r.errors[0]).toMatchObject({ code: 'too_small', path: 'nodes.writer.max_steps', message: 'nodes.writer.max_steps: value must be at least 1' });
  });

  it('maps validation errors to paths', () => {
    const doc = writerReviewerGraph();
    doc.edges.push({ from: 'writer', to: 'START' });
    const r = checkGraphDocument(doc);
    expect(!r.ok && r.errors.map((e) => e.path)).toEqual(['edges[3].to']);
  });

  it('reports the graph rules beside value errors of the schema: a bad name and a bad condition at once', () => {
    const doc = writerReviewerGraph() as unknown as Record<string, unknown>;
    doc.name = '<bad name>';
    const edges = doc.edges as { branches?: { when?: string }[] }[];
    const conditional = edges.findIndex((e) => e.branches);
    edges[conditional].branches![0].when = 'state.verdict ==';
    const r = checkGraphDocument(doc);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.path)).toEqual(['name', `edges[${conditional}].branches[0].when`]);
    expect(r.errors[1].code).toBe('cel_syntax');
  });

  it('does not report a rule again where the schema faults the same field, nor run the rules on a broken shape', () => {
    const doc = writerReviewerGraph() as unknown as Record<string, unknown>;
    const edges = doc.edges as { branches?: { when?: string }[] }[];
    const conditional = edges.findIndex((e) => e.branches);
    edges[conditional].branches![0].when = '';
    const empty = checkGraphDocument(doc);
    expect(!empty.ok && empty.errors.map((e) => e.path)).toEqual([`edges[${conditional}].branches[0].when`]);

    // nodes is a list, not a mapping: the schema's error only, the rules are not run.
    const broken = { ...writerReviewerGraph(), name: '<bad>', nodes: [] } as unknown;
    const r = checkGraphDocument(broken);
    expect(!r.ok && r.errors.map((e) => e.path).sort()).toEqual(['name', 'nodes']);
  });

  it.each([null, 'text', 42, [], undefined])('refuses %s as a document', (input) => {
    const r = checkGraphDocument(input);
    expect(r.ok).toBe(false);
  });

  it('refuses a missing or unknown version', () => {
    const { switchyard: _v, ...rest } = writerReviewerGraph();
    expect(checkGraphDocument(rest)).toMatchObject({ ok: false, errors: [{ code: 'unknown_version', path: 'switchyard' }] });
    expect(checkGraphDocument({ ...rest, switchyard: 9 })).toMatchObject({ ok: false, errors: [{ code: 'unknown_version' }] });
  });
});
