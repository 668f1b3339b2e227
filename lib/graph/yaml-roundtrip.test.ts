import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GraphDocument, TOOL_SCHEMAS, type ToolSpec, type ToolType } from './schema';
import { TOOL_TYPE_LIST, type ToolOf } from './tool-types';
import { graphArb, TRICKY_STRINGS } from './testing/arbitraries';
import { validateGraph } from './validate';
import { parseGraphYaml, stringifyGraph } from './yaml';

/** Generated objects may have a null prototype; the parser returns plain objects. */
const plain = <T>(v: T): T => structuredClone(v);

function parseOk(text: string) {
  const r = parseGraphYaml(text);
  if (!r.ok) throw new Error(`parse failed:\n${r.errors.map((e) => `${e.line}:${e.col} ${e.message}`).join('\n')}\n---\n${text}`);
  return r.doc;
}

describe('YAML round trip', () => {
  it('generated graphs are valid documents (the generator itself is sound)', () => {
    fc.assert(
      fc.property(graphArb, (doc) => {
        expect(GraphDocument.safeParse(doc).success).toBe(true);
        expect(validateGraph(doc).errors).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('parse(stringify(doc)) gives back the same document and stringify is a fixed point', () => {
    fc.assert(
      fc.property(graphArb, (doc) => {
        const text = stringifyGraph(doc);
        const back = parseOk(text);
        expect(back).toStrictEqual(plain(doc));
        expect(stringifyGraph(back)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('every tricky string survives as a description, a prompt line and a header value', () => {
    for (const s of TRICKY_STRINGS) {
      const doc: GraphDocument = {
        switchyard: 1,
        name: 'tricky',
        description: s,
        models: { default: { connection: 'default', model: 'gpt-4o-mini' } },
        tools: { api: { type: 'http', url: 'https://api.example.com/{q}', headers: { Accept: s } } },
        nodes: { a: { role: 'agent', system_prompt: `${s}\n${s}`, label: s, tools: ['api'] } },
        edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'END', label: s }],
      };
      const text = stringifyGraph(doc);
      expect(parseOk(text)).toStrictEqual(doc);
      expect(stringifyGraph(parseOk(text))).toBe(text);
    }
  });
});

/** One tool of each type with every field set (a Record: a type missing here is a compile error). */
const FULL_TOOLS: { [T in ToolType]: ToolOf<T> } = {
  calculator: { type: 'calculator', description: 'Adds up.', reflect: 1 },
  a2a: { type: 'a2a', description: 'Asks another agent.', card_url: 'https://agents.example.org/api/a2a/helper/agent-card.json', headers: { Authorization: 'Bearer ${env:TOOL_AGENT_KEY}' }, timeout_s: 60, reflect: 1 },
  http: {
    type: 'http',
    description: 'Looks things up.',
    method: 'POST',
    url: 'https://api.example.com/search/{q}',
    headers: { 'X-Api-Key': '${env:TOOL_KEY}', Accept: 'application/json' },
    args_schema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    return_output: 'data.items',
    timeout_s: 5,
    reflect: 2,
  },
  web_search: { type: 'web_search', description: 'Searches.', provider: 'searxng', url: 'https://searx.example.org', domains: ['docs.example.org'], top_k: 3, reflect: 1 },
  web_retriever: {
    type: 'web_retriever',
    description: 'Reads pages.',
    provider: 'serper',
    domains: ['a.example.org', 'b.example.org'],
    top_k: 4,
    mode: 'documents',
    chunk_chars: 800,
    chunk_overlap: 80,
    cache_ttl_s: 60,
    top_p: 0.8,
    scorer: { type: 'rerank', connection: 'default', model: 'rerank-1' },
    reflect: 1,
  },
  document_sampler: { type: 'document_sampler', description: 'Samples.', top_p: 0.9, scorer: { type: 'embeddings', connection: 'default', model: 'emb-1' }, reflect: 1 },
  openapi: {
    type: 'openapi',
    description: 'The pet store.',
    spec: { openapi: '3.1.0', info: { title: 'Pets', version: '1' }, servers: [{ url: 'https://pets.example.org' }], paths: { '/pets': { get: { operationId: 'listPets' } } } },
    spec_url: 'https://pets.example.org/openapi.json',
    operations: ['listPets'],
    base_url: 'https://pets.example.org/v2',
    headers: { Authorization: 'Bearer ${env:TOOL_PETS}' },
    timeout_s: 10,
    reflect: 1,
  },
  mcp: { type: 'mcp', description: 'Files.', server: 'files', tools: ['read_file', 'list_dir'], timeout_s: 30, reflect: 1 },
  agent: { type: 'agent', description: 'Asks the writer.', node: 'writer' },
  human: { type: 'human', description: 'Asks a person.' },
  client: { type: 'client', description: 'The caller runs it.', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  code: {
    type: 'code',
    description: 'Adds numbers.',
    language: 'python',
    code: 'def total(numbers):\n    # "quotes", a colon: and a tab\t\n    return sum(numbers)\n',
    function: 'total',
    parameters: { type: 'object', properties: { numbers: { type: 'array', items: { type: 'number' } } } },
    timeout_s: 2.5,
    memory_mb: 128,
  },
  knowledge: { type: 'knowledge', description: 'Our handbook.', knowledge_base: 'handbook', top_k: 5, mode: 'hybrid', top_p: 0.9 },
};

/** The same spec with its keys in reverse order (a scorer's too), as an editor's patches might build it. */
function reversedKeys<T extends ToolSpec>(tool: T): T {
  const rev = (o: object) => Object.fromEntries(Object.entries(o).reverse());
  const out = rev(tool) as Record<string, unknown>;
  if (out.scorer && typeof out.scorer === 'object') out.scorer = rev(out.scorer);
  return out as T;
}

function docWithTool(tool: ToolSpec): GraphDocument {
  return {
    switchyard: 1,
    name: 'one-tool',
    models: { default: { connection: 'default', model: 'gpt-4o-mini' } },
    tools: { t: tool },
    nodes: { a: { role: 'agent', tools: ['t'] }, writer: { role: 'agent' } },
    edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'END' }],
  };
}

describe('YAML round trip of every tool type', () => {
  it('covers every type of the registry', () => {
    expect(Object.keys(FULL_TOOLS).sort()).toEqual([...TOOL_TYPE_LIST].sort());
  });

  it.each(TOOL_TYPE_LIST)('%s: every field survives parse(stringify(doc)) and stringify is a fixed point', (type) => {
    const tool = FULL_TOOLS[type];
    expect(TOOL_SCHEMAS[type].safeParse(tool).success).toBe(true);
    const doc = docWithTool(tool);
    const text = stringifyGraph(doc);
    expect(parseOk(text)).toStrictEqual(doc);
    expect(stringifyGraph(parseOk(text))).toBe(text);
  });

  it.each(TOOL_TYPE_LIST)('%s: the keys are written in schema order whatever order they were given in', (type) => {
    const tool = FULL_TOOLS[type];
    const text = stringifyGraph(docWithTool(tool));
    expect(stringifyGraph(docWithTool(reversedKeys(tool)))).toBe(text);
    const back = parseOk(text).tools!.t as Record<string, unknown>;
    const schemaOrder = Object.keys(TOOL_SCHEMAS[type].shape);
    expect(Object.keys(back)).toEqual(schemaOrder.filter((k) => Object.hasOwn(tool, k)));
  });
});
