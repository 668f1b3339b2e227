import { describe, expect, it } from 'vitest';
import type { GraphDocument } from './schema';
import { WRITER_REVIEWER_YAML, writerReviewerGraph } from './testing/fixtures';
import { parseGraphYaml, stringifyGraph } from './yaml';

function errorsOf(text: string) {
  const r = parseGraphYaml(text);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
}

const replace = (from: string, to: string) => {
  expect(WRITER_REVIEWER_YAML).toContain(from);
  return WRITER_REVIEWER_YAML.replace(from, to);
};

describe('parseGraphYaml', () => {
  it('reads a valid graph into the document, without adding defaults', () => {
    const r = parseGraphYaml(WRITER_REVIEWER_YAML);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings).toEqual([]);
    expect(r.doc.nodes.writer).toEqual({ role: 'agent', tools: ['calc'] });
    expect(r.doc.edges[2]).toEqual({
      from: 'reviewer',
      branches: [{ when: 'state.verdict == "revise"', to: 'writer' }, { else: 'END' }],
    });
  });

  it('says what role is wrong, what is allowed, and where', () => {
    const [e] = errorsOf(replace('    role: agent\n    output', '    role: wizard\n    output'));
    expect(e).toMatchObject({ code: 'invalid_role', path: 'nodes.reviewer.role', line: 14, col: 11 });
    expect(e.message).toBe(
      'nodes.reviewer.role: unknown role "wizard" (expected one of agent, planner, executor, supervisor, tool, router, human, subgraph, map)',
    );
  });

  it('points at an unknown field by its key', () => {
    const [e] = errorsOf(replace('    output: verdict\n', '    output: verdict\n    temprature: 0.2\n'));
    expect(e).toMatchObject({ code: 'unknown_field', path: 'nodes.reviewer.temprature', line: 16, col: 17 });
    expect(e.message).toBe('nodes.reviewer.temprature: unknown field "temprature"');
  });

  it('reports a missing required field at its parent', () => {
    const [e] = errorsOf(replace('{ connection: default, model: gpt-4o-mini, temperature: 0 }', '{ connection: default }'));
    expect(e).toMatchObject({ code: 'missing_field', path: 'models.default.model', line: 4, col: 3 });
  });

  it('reports a value of the wrong type with what it got', () => {
    const [e] = errorsOf(replace('tools: [ calc ]', 'tools: calc'));
    expect(e).toMatchObject({ code: 'invalid_type', path: 'nodes.writer.tools', line: 12, col: 12 });
    expect(e.message).toBe('nodes.writer.tools: expected array, got string "calc"');
  });

  it('reports an out-of-range number', () => {
    const [e] = errorsOf(replace('temperature: 0 }', 'temperature: 7 }'));
    expect(e).toMatchObject({ code: 'too_big', path: 'models.default.temperature', line: 4, col: 68 });
    expect(e.message).toBe('models.default.temperature: value must be at most 2');
  });

  it('reports an edge that is neither plain nor conditional', () => {
    const [e] = errorsOf(replace('- { from: writer, to: reviewer }', '- { from: writer }'));
    expect(e).toMatchObject({ code: 'missing_field', path: 'edges[1]', line: 18 });
    expect(e.message).toBe('edges[1]: needs "to" or "branches"');
  });

  it('reports a bad id in a record at its key', () => {
    const [e] = errorsOf(replace('  calc: { type: calculator }', '  calc: { type: calculator }\n  "my tool": { type: calculator }'));
    expect(e).toMatchObject({ code: 'invalid_id', path: 'tools.my tool', line: 7, col: 3 });
  });

  it('reports an unknown tool type', () => {
    const [e] = errorsOf(replace('{ type: calculator }', '{ type: abacus }'));
    expect(e.message).toMatch(/^tools\.calc\.type: unknown type "abacus" \(expected one of calculator, http, web_search(, [a-z0-9_]+)*\)$/);
    expect(e).toMatchObject({ line: 6, col: 17 });
  });

  it('gives validation errors the line and column of the field', () => {
    const [e] = errorsOf(replace('tools: [ calc ]', 'tools: [ calc, serch ]'));
    expect(e).toMatchObject({ code: 'unknown_tool', path: 'nodes.writer.tools[1]', line: 12, col: 20 });
    expect(e.message).toBe('nodes.writer.tools[1]: unknown tool "serch" (not in tools)');
  });

  it('points at a bad CEL condition inside a branch', () => {
    const [e] = errorsOf(replace('when: state.verdict == "revise"', 'when: state.verdict =='));
    expect(e).toMatchObject({ code: 'cel_syntax', path: 'edges[2].branches[0].when', line: 21, col: 17 });
  });

  it('refuses a too costly CEL condition at import, with its path', () => {
    const loops = "'state.xs.all(a, state.xs.all(b, state.xs.all(c, state.xs.all(d, a == d))))'";
    const [e] = errorsOf(replace('when: state.verdict == "revise"', `when: ${loops}`));
    expect(e).toMatchObject({ code: 'cel_budget', path: 'edges[2].branches[0].when', line: 21, col: 17 });
    expect(e.message).toMatch(/CEL expression is too costly: comprehensions .* nest 4 deep; at most 3/);
  });

  it('refuses a CEL regex RE2 cannot run (backreference) at import', () => {
    const [e] = errorsOf(replace('when: state.verdict == "revise"', `when: 'state.verdict.matches("(a)\\\\1")'`));
    expect(e).toMatchObject({ code: 'cel_syntax', path: 'edges[2].branches[0].when' });
    expect(e.message).toMatch(/backreferences/);
  });

  it('returns warnings with positions on success', () => {
    const r = parseGraphYaml(replace('    output: verdict\n', '    output: verdikt\n'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings).toEqual([
      expect.objectContaining({ code: 'unknown_channel', path: 'nodes.reviewer.output', line: 15, col: 13, severity: 'warning' }),
    ]);
  });

  it('returns only errors, not warnings, when it refuses a document', () => {
    const errors = errorsOf(replace('    output: verdict\n', '    output: verdikt\n    model: nope\n'));
    expect(errors.map((e) => e.code)).toEqual(['unknown_model']);
  });

  it('accepts a byte order mark, CRLF line ends and comments', () => {
    const r = parseGraphYaml(`\uFEFF# a graph\r\n${WRITER_REVIEWER_YAML.replace(/\n/g, '\r\n')}`);
    expect(r.ok).toBe(true);
  });
});

describe('stringifyGraph', () => {
  it('writes the canonical layout: ordered keys, flow edges and layout entries, block lists of branches', () => {
    expect(stringifyGraph(writerReviewerGraph())).toBe(`switchyard: 1
name: writer-reviewer
models:
  default: { connection: default, model: gpt-4o-mini, temperature: 0 }
tools:
  calc: { type: calculator }
state:
  verdict: { type: string }
nodes:
  writer:
    role: agent
    system_prompt: Write.
    tools: [ calc ]
  reviewer:
    role: agent
    system_prompt: Review.
    output: verdict
edges:
  - { from: START, to: writer }
  - { from: writer, to: reviewer }
  - from: reviewer
    branches:
      - { when: state.verdict == "revise", to: writer }
      - { else: END }
layout:
  writer: { x: 0, y: 0 }
  reviewer: { x: 0, y: 200 }
`);
  });

  it('orders keys by the schema whatever order they were given in, and keeps record order', () => {
    const doc = writerReviewerGraph();
    const shuffled = {
      layout: doc.layout,
      edges: doc.edges.map((e) => Object.fromEntries(Object.entries(e).reverse())),
      nodes: { reviewer: { output: 'verdict', role: 'agent' }, writer: { tools: ['calc'], role: 'agent' } },
      name: doc.name,
      switchyard: 1,
      models: { default: { temperature: 0, model: 'gpt-4o-mini', connection: 'default' } },
      tools: doc.tools,
      state: doc.state,
    } as unknown as GraphDocument;
    const text = stringifyGraph(shuffled);
    expect(text.indexOf('switchyard')).toBe(0);
    expect(text).toContain('  reviewer:\n    role: agent\n    output: verdict\n  writer:\n    role: agent\n');
    expect(text).toContain('default: { connection: default, model: gpt-4o-mini, temperature: 0 }');
    expect(text).toContain('- { from: START, to: writer }');
  });

  it('writes multi-line prompts as literal blocks and never folds long lines', () => {
    const doc = writerReviewerGraph();
    const long = 'word '.repeat(60).trim();
    doc.nodes.writer = { role: 'agent', system_prompt: 'You write.\nKeep it short.\n', description: long };
    const text = stringifyGraph(doc);
    expect(text).toContain('    system_prompt: |\n      You write.\n      Keep it short.\n');
    expect(text).toContain(`    description: ${long}\n`);
  });

  it('quotes strings that would read back as something else', () => {
    const doc = writerReviewerGraph();
    doc.description = '1e3';
    doc.nodes.writer = { role: 'agent', label: '0x1F', description: 'null', system_prompt: '~' };
    const text = stringifyGraph(doc);
    expect(text).toContain('description: "1e3"');
    expect(text).toContain('label: "0x1F"');
    expect(text).toContain('system_prompt: "~"');
    const r = parseGraphYaml(text);
    expect(r.ok && r.doc.nodes.writer).toEqual({ role: 'agent', label: '0x1F', description: 'null', system_prompt: '~' });
    expect(r.ok && r.doc.description).toBe('1e3');
  });

  it('puts a long edge on several lines instead of one very long flow map', () => {
    const doc = writerReviewerGraph();
    doc.edges[1] = { from: 'writer', to: 'reviewer', label: 'a label long enough to make this edge far wider than a line should be, really' };
    expect(stringifyGraph(doc)).toContain('  - from: writer\n    to: reviewer\n    label: a label long');
  });
});
