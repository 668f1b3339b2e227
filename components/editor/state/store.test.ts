import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { editorToDocument } from './convert';
import { createEditorStore, HISTORY_LIMIT } from './store';
import type { BranchEdgeData } from './types';

const base: GraphDocument = {
  switchyard: 1,
  name: 'g',
  models: { default: { connection: 'default', model: 'm' } },
  nodes: { a: { role: 'agent' }, b: { role: 'agent' }, boss: { role: 'supervisor', workers: ['a'] } },
  edges: [
    { from: 'START', to: 'a' },
    { from: 'a', to: 'b' },
    { from: 'b', to: 'END' },
  ],
  layout: { START: { x: 0, y: 0 }, a: { x: 0, y: 100 }, b: { x: 0, y: 200 }, boss: { x: 300, y: 100 }, END: { x: 0, y: 300 } },
};

const docOf = (store: ReturnType<typeof createEditorStore>) => editorToDocument(store.getState()).doc;
const conn = (source: string, target: string) => ({ source, target, sourceHandle: null, targetHandle: null });

describe('editor store', () => {
  it('deleting a selected node removes its edges in one undo step; undo and redo restore and remove it again', () => {
    const s = createEditorStore(base);
    s.getState().select({ nodes: ['b'] });
    s.getState().deleteSelection();
    expect(Object.keys(docOf(s).nodes)).toEqual(['a', 'boss']);
    expect(docOf(s).edges).toEqual([{ from: 'START', to: 'a' }]);
    s.getState().undo();
    expect(docOf(s)).toEqual(base);
    s.getState().redo();
    expect(Object.keys(docOf(s).nodes)).toEqual(['a', 'boss']);
  });

  it('START and END cannot be deleted', () => {
    const s = createEditorStore(base);
    s.getState().select({ nodes: ['START', 'END'] });
    s.getState().deleteSelection();
    expect(docOf(s)).toEqual(base);
    expect(s.getState().past).toHaveLength(0);
  });

  it('a conditional connection adds a branch; connecting again from that source adds one before the else', () => {
    const s = createEditorStore(base);
    const first = s.getState().connect(conn('b', 'a'), true)!;
    s.getState().updateEdge(first, { kind: 'branch', index: 0, when: 'state.x > 1' });
    const other = s.getState().connect(conn('b', 'boss'), false)!;
    s.getState().setElse(other, true);
    const third = s.getState().connect(conn('b', 'END'), false)!;
    s.getState().updateEdge(third, { ...(s.getState().edges.find((e) => e.id === third)!.data as BranchEdgeData), when: 'true' });
    const cond = docOf(s).edges.find((e) => 'branches' in e);
    expect(cond).toEqual({
      from: 'b',
      branches: [{ when: 'state.x > 1', to: 'a' }, { when: 'true', to: 'END' }, { else: 'boss' }],
    });
  });

  it('branches move up and down and a plain edge can be made conditional', () => {
    const s = createEditorStore(base);
    const plain = s.getState().edges.find((e) => e.source === 'b')!.id;
    s.getState().setConditional(plain, true);
    const added = s.getState().connect(conn('b', 'a'), false)!;
    s.getState().moveBranch(added, -1);
    const cond = docOf(s).edges.find((e) => 'branches' in e)!;
    expect(cond).toEqual({ from: 'b', branches: [{ when: '', to: 'a' }, { when: '', to: 'END' }] });
    s.getState().setConditional(added, false);
    expect(docOf(s).edges).toContainEqual({ from: 'b', to: 'a' });
  });

  it('renaming a node updates its edges, supervisor workers and layout', () => {
    const s = createEditorStore(base);
    s.getState().renameNode('a', 'researcher');
    const d = docOf(s);
    expect(Object.keys(d.nodes)).toEqual(['researcher', 'b', 'boss']);
    expect(d.edges[0]).toEqual({ from: 'START', to: 'researcher' });
    expect(d.nodes.boss).toEqual({ role: 'supervisor', workers: ['researcher'] });
    expect(d.layout!.researcher).toEqual({ x: 0, y: 100 });
  });

  it('renaming onto an existing id or renaming START does nothing', () => {
    const s = createEditorStore(base);
    s.getState().renameNode('a', 'b');
    s.getState().renameNode('START', 'x');
    expect(docOf(s)).toEqual(base);
  });

  it('copy then paste twice gives new ids at growing offsets, with the edges between the copies', () => {
    const s = createEditorStore(base);
    s.getState().select({ nodes: ['a', 'b'] });
    expect(s.getState().copy()).toBe(true);
    expect(s.getState().paste()).toEqual(['a_2', 'b_2']);
    expect(s.getState().paste()).toEqual(['a_3', 'b_3']);
    const d = docOf(s);
    expect(d.layout!.a_2).toEqual({ x: 32, y: 132 });
    expect(d.layout!.a_3).toEqual({ x: 64, y: 164 });
    expect(d.edges).toContainEqual({ from: 'a_2', to: 'b_2' });
    expect(d.edges.filter((e) => e.from === 'START')).toHaveLength(1);
    expect(s.getState().nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['a_3', 'b_3']);
  });

  it('copy with nothing but START selected copies nothing', () => {
    const s = createEditorStore(base);
    s.getState().select({ nodes: ['START'] });
    expect(s.getState().copy()).toBe(false);
    expect(s.getState().paste()).toEqual([]);
  });

  it('history keeps at most HISTORY_LIMIT steps', () => {
    const s = createEditorStore(base);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) s.getState().setGraph({ description: `v${i}` });
    expect(s.getState().past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) s.getState().undo();
    expect(docOf(s).description).toBe('v19');
  });

  it('a new edit after undo clears the redo stack', () => {
    const s = createEditorStore(base);
    s.getState().setGraph({ description: 'one' });
    s.getState().undo();
    s.getState().setGraph({ description: 'two' });
    s.getState().redo();
    expect(docOf(s).description).toBe('two');
  });

  it('new nodes get unique role-based ids and the role defaults', () => {
    const s = createEditorStore(base);
    const id1 = s.getState().addNode('human', { x: 0, y: 0 });
    const id2 = s.getState().addNode('human', { x: 0, y: 0 });
    expect([id1, id2]).toEqual(['human', 'human_2']);
    expect(docOf(s).nodes.human).toEqual({ role: 'human', kind: 'approval', prompt: 'Approve to continue?' });
    expect(s.getState().addNode('START', { x: 0, y: 0 })).toBeNull();
  });

  it('the first agent dropped into a graph without models brings the default model; undo takes both back', () => {
    const s = createEditorStore({ switchyard: 1, name: 'blank', nodes: {}, edges: [{ from: 'START', to: 'END' }] });
    s.getState().addNode('human', { x: 0, y: 0 });
    expect(docOf(s).models).toBeUndefined();
    s.getState().addNode('agent', { x: 0, y: 160 });
    expect(docOf(s).models).toEqual({ default: { connection: 'default', model: 'gpt-4o-mini' } });
    s.getState().undo();
    expect(docOf(s).models).toBeUndefined();
    expect(docOf(s).nodes.agent).toBeUndefined();
    const withModels = createEditorStore(base);
    withModels.getState().addNode('agent', { x: 0, y: 0 });
    expect(docOf(withModels).models).toEqual(base.models);
  });

  it('selection changes bump no revision; moves bump only the layout revision and mark the node placed', () => {
    const { layout: _l, ...bare } = base;
    const s = createEditorStore(bare);
    const r = s.getState().revision;
    const lr = s.getState().layoutRevision;
    s.getState().onNodesChange([{ type: 'select', id: 'a', selected: true }]);
    expect(s.getState().revision).toBe(r);
    expect(s.getState().layoutRevision).toBe(lr);
    s.getState().onNodesChange([{ type: 'position', id: 'a', position: { x: 5, y: 6 } }]);
    expect(s.getState().revision).toBe(r);
    expect(s.getState().layoutRevision).toBe(lr + 1);
    expect(docOf(s).layout).toEqual({ a: { x: 5, y: 6 } });
  });

  it('auto-layout and undoing a drag leave the logic revision alone; undoing an edit bumps it', async () => {
    const s = createEditorStore(base);
    const r = s.getState().revision;
    await s.getState().autoLayout();
    s.getState().beginDrag();
    s.getState().onNodesChange([{ type: 'position', id: 'a', position: { x: 5, y: 6 } }]);
    s.getState().undo();
    s.getState().undo();
    expect(s.getState().revision).toBe(r);
    s.getState().updateNode('a', { role: 'agent', system_prompt: 'x' });
    expect(s.getState().revision).toBe(r + 1);
    s.getState().undo();
    expect(s.getState().revision).toBe(r + 2);
  });

  it('auto-layout places every node top to bottom as one undo step', async () => {
    const s = createEditorStore(base);
    await s.getState().autoLayout();
    const l = docOf(s).layout!;
    expect(l.START.y).toBeLessThan(l.a.y);
    expect(l.a.y).toBeLessThan(l.b.y);
    expect(l.b.y).toBeLessThan(l.END.y);
    s.getState().undo();
    expect(docOf(s)).toEqual(base);
  });
});

describe('editor store: typing', () => {
  it('keystrokes in one field make one undo step; another field starts a new one', () => {
    const s = createEditorStore(base);
    for (const v of ['W', 'Wr', 'Wri']) s.getState().updateNode('a', { role: 'agent', system_prompt: v }, 'system_prompt');
    s.getState().updateNode('a', { role: 'agent', system_prompt: 'Wri', max_steps: 3 }, 'max_steps');
    expect(s.getState().past).toHaveLength(2);
    s.getState().undo();
    expect(docOf(s).nodes.a).toEqual({ role: 'agent', system_prompt: 'Wri' });
    s.getState().undo();
    expect(docOf(s).nodes.a).toEqual({ role: 'agent' });
  });
});

describe('editor store: duplicate', () => {
  it('duplicating a copy numbers from the original id', () => {
    const s = createEditorStore(base);
    s.getState().select({ nodes: ['a'] });
    expect(s.getState().duplicate()).toEqual(['a_2']);
    expect(s.getState().duplicate()).toEqual(['a_3']);
  });
});
