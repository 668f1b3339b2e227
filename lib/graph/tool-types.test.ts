import { describe, expect, it } from 'vitest';
import { MULTI_FUNCTION_TOOLS, TOOL_SCHEMAS, ToolSpec, type GraphDocument, type ToolType } from './schema';
import { isToolType, newTool, noReflectReason, pausesRun, TOOL_TYPE_LIST, TOOL_TYPES } from './tool-types';
import { validateGraph } from './validate';

/** The types of the schema's union, read from zod (not from the registry under test). */
const schemaTypes = ToolSpec.options.map((o) => o.shape.type.value).sort();

describe('the tool-type registry', () => {
  it('has exactly the types of the schema, each under its own name', () => {
    expect([...TOOL_TYPE_LIST].sort()).toEqual(schemaTypes);
    expect(Object.keys(TOOL_SCHEMAS).sort()).toEqual(schemaTypes);
    for (const t of TOOL_TYPE_LIST) {
      expect(TOOL_TYPES[t].type).toBe(t);
      expect(TOOL_SCHEMAS[t].shape.type.value).toBe(t);
    }
  });

  it.each(TOOL_TYPE_LIST)('%s: says what it is, where it is documented and where it runs', (t) => {
    const meta = TOOL_TYPES[t];
    expect(meta.description.length).toBeGreaterThan(20);
    expect(meta.docsAnchor).toMatch(/^tool-[a-z-]+$/);
    expect(['server', 'person', 'caller', 'node']).toContain(meta.runs);
  });

  it('gives reflect to exactly the types whose schema has it, and says why not for the others', () => {
    for (const t of TOOL_TYPE_LIST) {
      const inSchema = Object.hasOwn(TOOL_SCHEMAS[t].shape, 'reflect');
      expect(TOOL_TYPES[t].noReflect === undefined, t).toBe(inSchema);
    }
    expect(noReflectReason('human')).toMatch(/person/);
    expect(noReflectReason('http')).toBeUndefined();
    expect(noReflectReason('no_such_type')).toBeUndefined();
    expect(noReflectReason(undefined)).toBeUndefined();
  });

  it('knows its types and nothing else', () => {
    expect(isToolType('mcp')).toBe(true);
    expect(isToolType('toString')).toBe(false);
    expect(isToolType('__proto__')).toBe(false);
    expect(isToolType(3)).toBe(false);
  });

  it('pauses the run for the human and client tools only', () => {
    expect(TOOL_TYPE_LIST.filter(pausesRun).sort()).toEqual(['client', 'human']);
    expect(pausesRun('bogus' as ToolType)).toBe(false);
  });

  it('validation of a draft that skipped the schema (an unknown tool type) does not throw', () => {
    const doc = {
      switchyard: 1,
      name: 'draft',
      models: { default: { connection: 'default', model: 'm' } },
      tools: { odd: { type: 'bogus', reflect: 1 } },
      nodes: { a: { role: 'agent', model: 'default', tools: ['odd'] }, boss: { role: 'supervisor', model: 'default', workers: ['a'] } },
      edges: [{ from: 'START', to: 'boss' }, { from: 'boss', to: 'END' }],
    } as unknown as GraphDocument;
    expect(() => validateGraph(doc)).not.toThrow();
  });

  it('names only registered types as multi-function tools', () => {
    for (const t of MULTI_FUNCTION_TOOLS) expect(isToolType(t)).toBe(true);
  });

  it.each(TOOL_TYPE_LIST)('%s: a freshly added tool is a valid spec of its type', (t: ToolType) => {
    const spec = newTool(t, ['worker']);
    expect(spec.type).toBe(t);
    expect(ToolSpec.safeParse(spec).success).toBe(true);
    expect(TOOL_SCHEMAS[t].safeParse(spec).success).toBe(true);
  });

  it('a graph holding one fresh tool of each type parses (the inspector can add every type)', () => {
    const tools = Object.fromEntries(TOOL_TYPE_LIST.map((t) => [`t_${t}`, newTool(t, ['worker'])]));
    const doc: GraphDocument = {
      switchyard: 1,
      name: 'all-tools',
      models: { default: { connection: 'default', model: 'm' } },
      tools,
      nodes: { a: { role: 'agent', model: 'default', tools: ['t_calculator', 't_agent'] }, worker: { role: 'agent', model: 'default' } },
      edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'END' }],
    };
    const r = validateGraph(doc);
    // the placeholders of openapi (spec fetched on save) and mcp (a server to configure) are warnings at most
    console.log(JSON.stringify(r.errors), JSON.stringify(r.warnings));
    expect(r.errors.filter((e) => !String(e.path).includes('t_openapi'))).toEqual([]);
  });
});
