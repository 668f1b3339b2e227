'use client';
/**
 * The form of a node, built from its role's zod schema (NODE_SCHEMAS): strings, enums, numbers, id lists,
 * the exit condition and tool arguments. Field messages come from zod (instantly) and from the graph rules.
 */
import { useMemo } from 'react';
import type { z } from 'zod';
import { useBreakpoint, useToggleBreakpoint } from '@/components/debug/run-store';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import { plainMessage } from '@/components/editor/state/problems';
import { isRoleNode } from '@/components/editor/state/types';
import { IMPLICIT_CHANNELS } from '@/lib/graph/defaults';
import { zodProblems } from '@/lib/graph/document-issues';
import { CEL_FIELDS, MULTILINE_FIELDS, ROLES } from '@/lib/graph/roles';
import { END, Identifier, NODE_SCHEMAS, START, type NodeSpec } from '@/lib/graph/schema';
import { CelInput, ChipsPicker, Field, IdInput, NumberInput, Select, TextInput } from './controls';
import { MemoryEditor } from './memory-section';
import { GuardsEditor } from './guards-section';
import { ArgsEditor, ExitEditor } from './node-extras';

type Def = { type: string; innerType?: z.ZodType; entries?: Record<string, string>; element?: z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

function fieldKind(schema: z.ZodType): { optional: boolean; def: Def } {
  const d = defOf(schema);
  return d.type === 'optional' && d.innerType ? { optional: true, def: defOf(d.innerType) } : { optional: false, def: d };
}

const nice = (k: string) => k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** What is wrong with each field: zod issues of the node, then graph-rule problems at `nodes.<id>.<field>`. */
function useFieldMessages(node: { id: string; data: NodeSpec }): Record<string, string[]> {
  const list = useEditor((s) => s.problems.list);
  return useMemo(() => {
    const out: Record<string, string[]> = {};
    const add = (field: string, what: string) => {
      const arr = (out[field] ??= []);
      if (!arr.includes(what)) arr.push(what);
    };
    const parsed = NODE_SCHEMAS[node.data.role].safeParse(node.data);
    if (!parsed.success) {
      for (const p of zodProblems(parsed.error, node.data)) {
        const field = p.path.split(/[.[]/)[0] || '_';
        const plain = plainMessage(p, node.data);
        add(field, plain !== p.message ? plain : p.path ? p.message.slice(p.path.length + 2) : p.message);
      }
    }
    const prefix = `nodes.${node.id}`;
    for (const p of list) {
      if (p.path !== prefix && !p.path.startsWith(`${prefix}.`)) continue;
      const field = p.path.slice(prefix.length + 1).split(/[.[]/)[0] || '_';
      add(field, p.message.startsWith(`${p.path}: `) ? p.message.slice(p.path.length + 2) : p.message);
    }
    return out;
  }, [node.data, node.id, list]);
}

export function NodeForm({ id, spec }: { id: string; spec: NodeSpec }) {
  const node = useMemo(() => ({ id, data: spec }), [id, spec]);
  const store = useEditorStore();
  const graph = useEditor((s) => s.graph);
  const nodeIds = useEditor((s) => s.nodes.filter(isRoleNode).map((n) => n.id).join('\n'));
  const messages = useFieldMessages(node);
  const meta = ROLES[spec.role];
  const shape = NODE_SCHEMAS[spec.role].shape as Record<string, z.ZodType>;
  const values = spec as unknown as Record<string, unknown>;
  const keys = [...meta.fields, ...Object.keys(shape).filter((k) => k !== 'role' && !(meta.fields as readonly string[]).includes(k) && values[k] !== undefined)];

  const tools = Object.keys(graph.tools ?? {});
  const models = Object.keys(graph.models ?? {});
  const channels = [...new Set([...Object.keys(graph.state ?? {}), ...Object.keys(IMPLICIT_CHANNELS)])];
  const others = nodeIds.split('\n').filter((id) => id && id !== node.id);

  const set = (key: string, value: unknown) => {
    const next: Record<string, unknown> = { ...values };
    if (value === undefined) delete next[key];
    else next[key] = value;
    store.getState().updateNode(node.id, next as NodeSpec, key);
  };

  const checkId = (v: string) => {
    const r = Identifier.safeParse(v);
    if (!r.success) return `id ${r.error.issues[0].message}`;
    if (v === START || v === END) return `${v} is reserved`;
    if (store.getState().nodes.some((n) => n.id === v)) return `"${v}" is already used`;
    return null;
  };

  const control = (key: string) => {
    const { optional, def } = fieldKind(shape[key]);
    const tid = `field-${key}`;
    const v = values[key];
    switch (key) {
      case 'model':
        return <Select value={v as string | undefined} options={models} onChange={(x) => set(key, x)} unsetLabel="default" testId={tid} />;
      case 'tools':
        return <ChipsPicker value={(v as string[]) ?? []} options={tools} onChange={(x) => set(key, x.length ? x : undefined)} testId={tid} emptyHint="no tools (add them in the graph panel)" />;
      case 'workers':
        return <ChipsPicker value={(v as string[]) ?? []} options={others} onChange={(x) => set(key, x)} testId={tid} emptyHint="pick at least one worker node" />;
      case 'tool':
        return (
          <>
            <Select value={v as string} options={tools} onChange={(x) => set(key, x ?? '')} testId={tid} />
            {tools.length === 0 && <span className="sy-field-note">This graph has no tools yet: add one under Tools in the graph panel (click the empty canvas).</span>}
          </>
        );
      case 'output':
        return <Select value={v as string | undefined} options={channels} onChange={(x) => set(key, x)} unsetLabel="(messages only)" testId={tid} />;
      case 'exit':
        return <ExitEditor value={spec.role === 'agent' ? spec.exit : undefined} tools={spec.role === 'agent' ? (spec.tools ?? []) : []} onChange={(x) => set(key, x)} />;
      case 'memory':
        return <MemoryEditor value={'memory' in spec ? spec.memory : undefined} models={models} onChange={(x) => set(key, x)} />;
      case 'guards':
        return <GuardsEditor value={'guards' in spec ? spec.guards : undefined} models={models} onChange={(x) => set(key, x)} />;
      case 'args':
        return <ArgsEditor value={(v as Record<string, string>) ?? {}} onChange={(x) => set(key, Object.keys(x).length ? x : undefined)} />;
    }
    if (CEL_FIELDS.has(key)) return <CelInput value={(v as string) ?? ''} onChange={(x) => set(key, x === '' && optional ? undefined : x)} testId={tid} placeholder="CEL, e.g. state.input" />;
    switch (def.type) {
      case 'enum':
        return <Select value={v as string | undefined} options={Object.keys(def.entries ?? {})} onChange={(x) => set(key, x)} unsetLabel={optional ? 'default' : undefined} testId={tid} />;
      case 'number':
        return <NumberInput value={v as number | undefined} onChange={(x) => set(key, x)} testId={tid} />;
      case 'string':
        return (
          <TextInput
            value={(v as string) ?? ''}
            multiline={MULTILINE_FIELDS.has(key)}
            mono={key.endsWith('_pattern')}
            rows={key === 'description' ? 2 : 6}
            onChange={(x) => set(key, x === '' && optional ? undefined : x)}
            testId={tid}
          />
        );
      default:
        return <pre className="sy-json">{JSON.stringify(v, null, 2)}</pre>;
    }
  };

  return (
    <div className="sy-form" data-testid="node-form">
      <div className="sy-form-head">
        <span className="sy-role-pill" style={{ background: `var(${meta.colorVar}, ${meta.fallbackColor})` }}>
          {meta.glyph}
        </span>
        <div>
          <div className="sy-form-title">{meta.label}</div>
          <div className="sy-muted">{meta.description}</div>
        </div>
      </div>
      <Field label="Id" hint="unique; edges follow a rename" testId="field-id-row">
        <IdInput value={node.id} check={checkId} onCommit={(v) => store.getState().renameNode(node.id, v)} testId="field-id" />
      </Field>
      <BreakpointCheck id={node.id} />
      {messages._ && messages._.map((m, i) => <div key={i} className="sy-field-error">{m}</div>)}
      {keys.map((key) => (
        <Field key={key} label={nice(key)} messages={messages[key]} testId={`row-${key}`}>
          {control(key)}
        </Field>
      ))}
      <div className="sy-row sy-form-actions">
        <button type="button" className="sy-btn" data-testid="node-duplicate" onClick={() => store.getState().duplicate()}>
          Duplicate
        </button>
        <button type="button" className="sy-btn is-danger" data-testid="node-delete" onClick={() => store.getState().deleteSelection()}>
          Delete node
        </button>
      </div>
    </div>
  );
}

/** The node's breakpoint (the same set as the toggle on its canvas card and the debug panel's list). */
function BreakpointCheck({ id }: { id: string }) {
  const on = useBreakpoint(id);
  const toggle = useToggleBreakpoint();
  return (
    <label className="sy-check" title="Runs started from the editor pause before this node; then Continue or Step, with the state editable">
      <input type="checkbox" checked={on} onChange={() => toggle(id)} data-testid="field-breakpoint" />
      Breakpoint: pause runs before this node
    </label>
  );
}
