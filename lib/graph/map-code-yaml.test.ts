/** The map role and the code tool in YAML (issue 26): a round trip that changes nothing, and errors at their line. */
import { describe, expect, it } from 'vitest';
import { parseGraphYaml, stringifyGraph } from './yaml';

const YAML = `switchyard: 1
name: fan-out
models:
  default: { connection: default, model: gpt-4o-mini }
tools:
  adder:
    type: code
    description: Adds numbers.
    language: python
    code: |
      def total(numbers):
          # "quotes", a colon: here
          return sum(numbers)
    function: total
    parameters:
      type: object
      properties:
        numbers:
          type: array
    timeout_s: 2
    memory_mb: 64
state:
  topics: { type: json }
  answers: { type: json }
nodes:
  fan:
    role: map
    graph: answer-one
    items: state.topics
    max_concurrency: 4
    on_error: collect
    output: answers
  sum:
    role: agent
    tools: [ adder ]
edges:
  - { from: START, to: fan }
  - { from: fan, to: sum }
  - { from: sum, to: END }
`;

function errorsOf(text: string) {
  const r = parseGraphYaml(text);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
}

/** The 1-based line of the first line holding `needle`. */
const lineOf = (needle: string) => YAML.split('\n').findIndex((l) => l.includes(needle)) + 1;

const replace = (from: string, to: string) => {
  expect(YAML).toContain(from);
  return YAML.replace(from, to);
};

describe('map and code in YAML', () => {
  it('round trip: parse then stringify gives the same text', () => {
    const r = parseGraphYaml(YAML);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.doc.nodes.fan).toEqual({ role: 'map', graph: 'answer-one', items: 'state.topics', max_concurrency: 4, on_error: 'collect', output: 'answers' });
    expect(r.doc.tools?.adder).toMatchObject({ type: 'code', language: 'python', function: 'total' });
    expect(stringifyGraph(r.doc)).toBe(YAML);
  });

  it('schema errors at their line: max_concurrency, on_error, a missing items, a language', () => {
    expect(errorsOf(replace('max_concurrency: 4', 'max_concurrency: 0'))[0]).toMatchObject({ path: 'nodes.fan.max_concurrency', line: lineOf('max_concurrency: 4') });
    expect(errorsOf(replace('max_concurrency: 4', 'max_concurrency: 33'))[0].message).toMatch(/at most 32/);
    expect(errorsOf(replace('on_error: collect', 'on_error: skip'))[0]).toMatchObject({ path: 'nodes.fan.on_error', line: lineOf('on_error: collect') });
    expect(errorsOf(replace('    items: state.topics\n', ''))[0]).toMatchObject({ code: 'missing_field', path: 'nodes.fan.items' });
    expect(errorsOf(replace('language: python', 'language: ruby'))[0]).toMatchObject({ path: 'tools.adder.language', line: lineOf('language: python') });
  });

  it('validation errors at their line: a bad items expression, a function the code does not define, a self map', () => {
    expect(errorsOf(replace('items: state.topics', 'items: state.topics +'))[0]).toMatchObject({ code: 'cel_syntax', path: 'nodes.fan.items', line: lineOf('items: state.topics') });
    const [fn] = errorsOf(replace('function: total', 'function: totl'));
    expect(fn).toMatchObject({ code: 'code_function_missing', path: 'tools.adder.function', line: lineOf('function: total') });
    expect(fn.message).toBe('tools.adder.function: the code does not define function "totl"');
    expect(errorsOf(replace('graph: answer-one', 'graph: fan-out'))[0]).toMatchObject({ code: 'self_call', path: 'nodes.fan.graph', line: lineOf('graph: answer-one') });
  });
});
