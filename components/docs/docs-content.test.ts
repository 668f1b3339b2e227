/**
 * The docs stay true to the code: the generated role sections cover every role and every field of
 * its schema (with a description), every CEL example compiles and evaluates over a sample state
 * (conditions to a bool), every YAML snippet is a valid graph, the TOC anchors are unique, and
 * every trace event type is documented.
 */
import { describe, expect, it } from 'vitest';
import { TRACE_EVENT_TYPES } from '@/lib/contracts/trace';
import { checkCel, evaluateCel, evaluateCondition } from '@/lib/graph/cel';
import { ROLES } from '@/lib/graph/roles';
import { NODE_ROLES, NODE_SCHEMAS } from '@/lib/graph/schema';
import { TOOL_TYPE_LIST, TOOL_TYPES } from '@/lib/graph/tool-types';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { CEL_EXAMPLES, CEL_SCOPES, SAMPLE_VARS } from './cel-examples';
import { describeType, roleFields } from './schema-fields';
import { ALL_YAML_SNIPPETS } from './snippets';
import { roleAnchor, TOC, tocIds } from './toc';
import { EVENT_DATA } from './sections/traces';
import { topLevelBlocks } from './sections/yaml-format';
import { readFileSync } from 'node:fs';

describe('role sections', () => {
  it('has a TOC entry for every role, in registry order', () => {
    const roles = TOC.find((e) => e.id === 'roles')!.children!.map((c) => c.id);
    expect(roles).toEqual(NODE_ROLES.map(roleAnchor));
  });

  it.each(NODE_ROLES)('lists every field of the %s schema with a type and a description', (role) => {
    const fields = roleFields(role);
    expect(fields.map((f) => f.name)).toEqual(Object.keys(NODE_SCHEMAS[role].shape));
    for (const f of fields) {
      expect(f.type, `${role}.${f.name}`).not.toBe('');
      expect(f.help, `${role}.${f.name} needs a description (schema .describe() or field-help.ts)`).not.toBe('');
    }
    // the inspector's fields are all among them
    for (const name of ROLES[role].fields) expect(fields.map((f) => f.name)).toContain(name);
  });

  it('reads optional and required fields and readable types from the zod schema', () => {
    const agent = Object.fromEntries(roleFields('agent').map((f) => [f.name, f]));
    expect(agent.role).toMatchObject({ optional: false, type: '"agent"' });
    expect(agent.strategy).toMatchObject({ optional: true, type: '"react" | "tool_calling" | "plan_execute"' });
    expect(agent.max_steps.type).toBe('integer 1–100');
    expect(agent.tools.type).toBe('list of identifier');
    expect(agent.input.type).toBe('CEL expression');
    expect(agent.exit.type).toBe('"text" | { tool: identifier } | { when: CEL expression }');
    const human = Object.fromEntries(roleFields('human').map((f) => [f.name, f]));
    expect(human.prompt.optional).toBe(false);
    expect(roleFields('supervisor').find((f) => f.name === 'workers')).toMatchObject({ optional: false });
    expect(roleFields('tool').find((f) => f.name === 'args')!.type).toBe('map of string → CEL expression');
    expect(describeType(NODE_SCHEMAS.subgraph.shape.graph)).toBe('graph name');
  });
});

describe('tool sections', () => {
  const toolsToc = TOC.find((e) => e.id === 'tools')!.children!.map((c) => c.id);
  const toolsSection = readFileSync('components/docs/sections/tools.tsx', 'utf8');
  it.each(TOOL_TYPE_LIST)('documents the %s tool type: a part under its registry anchor and a TOC entry', (type) => {
    const anchor = TOOL_TYPES[type].docsAnchor;
    expect(toolsToc).toContain(anchor);
    expect(toolsSection).toContain(`<Sub id="${anchor}"`);
  });
});

describe('CEL examples', () => {
  it.each(CEL_EXAMPLES.map((e) => [e.expr, e]))('%s compiles and evaluates over a sample state', (_, e) => {
    expect(checkCel(e.expr)).toBeNull();
    const vars = SAMPLE_VARS[e.scope];
    // only the variables the docs say this scope has
    expect(Object.keys(vars).sort()).toEqual(CEL_SCOPES[e.scope].vars.map((v) => v.name).sort());
    if (e.condition) expect(typeof evaluateCondition(e.expr, vars)).toBe('boolean');
    else expect(evaluateCel(e.expr, vars)).toBeDefined();
  });

  it('shows the examples the brief asks for', () => {
    const shown = CEL_EXAMPLES.map((e) => e.expr);
    expect(shown).toEqual(expect.arrayContaining(['state.verdict == "revise"', 'size(state.messages) > 6', 'output.contains("APPROVED")']));
  });
});

describe('YAML shown in the docs', () => {
  it.each(Object.entries(ALL_YAML_SNIPPETS))('%s is a valid graph without warnings', (_, text) => {
    const r = parseGraphYaml(text);
    expect(r.ok ? [] : r.errors).toEqual([]);
    if (r.ok) expect(r.warnings).toEqual([]);
  });

  it('annotates the writer-reviewer example block by block without losing a line', () => {
    const text = readFileSync('examples/writer-reviewer.yaml', 'utf8');
    const blocks = topLevelBlocks(text);
    expect(blocks.map((b) => b.text).join('\n')).toBe(text.replace(/\n+$/, ''));
    expect(blocks.map((b) => b.key)).toEqual(['switchyard', 'name', 'description', 'models', 'state', 'nodes', 'edges', 'limits', 'layout']);
  });
});

describe('navigation and traces', () => {
  it('has unique TOC anchors', () => {
    const ids = tocIds();
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every trace event type', () => {
    expect(Object.keys(EVENT_DATA).sort()).toEqual([...TRACE_EVENT_TYPES].sort());
  });
});
