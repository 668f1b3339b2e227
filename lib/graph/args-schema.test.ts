import { describe, expect, it } from 'vitest';
import { argsJsonSchema, isArgsShorthand } from './args-schema';
import { parseGraphYaml, stringifyGraph } from './yaml';

describe('args_schema: OPEA shorthand (seed 003)', () => {
  it('converts each shorthand type to JSON Schema, every argument required', () => {
    const short = {
      query: { type: 'str', description: 'The search query.' },
      n: { type: 'int' },
      ratio: { type: 'float' },
      exact: { type: 'bool' },
      tags: { type: 'list' },
      filters: { type: 'dict' },
    };
    expect(argsJsonSchema(short)).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'The search query.' },
        n: { type: 'integer' },
        ratio: { type: 'number' },
        exact: { type: 'boolean' },
        tags: { type: 'array' },
        filters: { type: 'object' },
      },
      required: ['query', 'n', 'ratio', 'exact', 'tags', 'filters'],
    });
  });

  it('leaves JSON Schema alone, and reads an argument named `type` as shorthand', () => {
    const json = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    expect(argsJsonSchema(json)).toBe(json);
    expect(isArgsShorthand({ properties: {} })).toBe(false);
    expect(argsJsonSchema({ type: { type: 'str' } })).toEqual({ type: 'object', properties: { type: { type: 'string' } }, required: ['type'] });
  });

  it('keeps the shorthand in the document: import then export gives the same text', () => {
    const text = `switchyard: 1
name: opea
models:
  default: { connection: default, model: gpt-4o-mini }
tools:
  search:
    type: http
    url: https://search.example.com/search?q={query}
    args_schema:
      query: { type: str, description: The search query. }
nodes:
  agent:
    role: agent
    strategy: react
    tools: [ search ]
edges:
  - { from: START, to: agent }
  - { from: agent, to: END }
`;
    const r = parseGraphYaml(text);
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.doc.tools?.search).toMatchObject({ args_schema: { query: { type: 'str', description: 'The search query.' } } });
    expect(stringifyGraph(r.doc)).toBe(text);
  });
});
