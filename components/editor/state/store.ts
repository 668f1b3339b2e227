/**
 * The editor store: one zustand store per editor (factory + context, the pattern React Flow uses).
 * Plain data only: nodes (data = node spec), edges, graph-level fields, layout bookkeeping, history
 * snapshots (capped) and a clipboard. `revision` counts changes to the document's logic; moves and
 * auto-layout bump `layoutRevision` only (validation runs on logic changes; autosave follows both).
 */
import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange, type XYPosition } from '@xyflow/react';
import { createStore } from 'zustand/vanilla';
import { ROLES, callsModel, defaultModels } from '@/lib/graph/roles';
import { END, START, type NodeRole } from '@/lib/graph/constants';
import type { NodeSpec } from '@/lib/graph/schema';
import { documentToEditor } from './convert';
import {
  connectEdges,
  copySelection,
  moveBranch,
  normalizeBranches,
  pasteClip,
  renameInEdges,
  renameInNodes,
  setConditional,
  setElse,
  uniqueId,
  type Clip,
} from './graph-ops';
import { NO_PROBLEMS, type EditorProblems, type LocatedProblem } from './problems';
import { isRoleNode, type EdgeData, type EditorEdge, type EditorGraph, type EditorNode, type GraphFields, type RoleNode } from './types';
import type { GraphDocument } from '@/lib/graph/schema';

export const HISTORY_LIMIT = 100;
const PASTE_OFFSET = 32;
/** Keystrokes in one field closer than this make one undo step. */
const COALESCE_MS = 1500;

type Snapshot = EditorGraph;

export interface EditorState extends EditorGraph {
  past: Snapshot[];
  future: Snapshot[];
  clipboard: Clip | null;
  pasteCount: number;
  /** Bumped on every change to the document's logic (nodes, edges, fields), never on moves or selection. */
  revision: number;
  /** Bumped when only positions change (drags, auto-layout). */
  layoutRevision: number;
  /** Who made the last document change: the YAML pane does not overwrite itself. */
  origin: 'load' | 'canvas' | 'yaml';
  /** Live validation results (set by the validation hook, not part of history). */
  problems: EditorProblems;
  /** The revision `problems` were computed for. */
  problemsRevision: number;
  setProblems(p: EditorProblems, revision: number): void;
  /** Problems of the graph in this installation (a connection or model that is not there): ../setup-problems.ts. */
  setupProblems: LocatedProblem[];
  setSetupProblems(list: LocatedProblem[]): void;

  load(doc: GraphDocument): void;
  /** The YAML pane's edit: the canvas follows (undoable), selection kept where ids survive. */
  applyDocument(doc: GraphDocument, origin?: 'yaml' | 'canvas'): void;
  onNodesChange(changes: NodeChange<EditorNode>[]): void;
  onEdgesChange(changes: EdgeChange<EditorEdge>[]): void;
  /** Called once when a drag starts: the positions before it become an undo step. */
  beginDrag(): void;
  connect(c: Connection, conditional: boolean): string | null;
  addNode(role: NodeRole | 'START' | 'END', position: XYPosition): string | null;
  /** `key`: consecutive edits with the same key (typing in one field) make one undo step. */
  updateNode(id: string, spec: NodeSpec, key?: string): void;
  renameNode(from: string, to: string): void;
  updateEdge(id: string, data: EdgeData, key?: string): void;
  moveBranch(id: string, dir: -1 | 1): void;
  setElse(id: string, isElse: boolean): void;
  setConditional(id: string, conditional: boolean): void;
  setGraph(patch: Partial<GraphFields>, key?: string): void;
  select(ids: { nodes?: string[]; edges?: string[] }): void;
  deleteSelection(): void;
  copy(): boolean;
  paste(): string[];
  duplicate(): string[];
  /** Places every node with dagre (loaded on first use) as one undo step. */
  autoLayout(): Promise<void>;
  undo(): void;
  redo(): void;
}

const stripNode = (n: EditorNode): EditorNode => ({ id: n.id, type: n.type, position: n.position, data: n.data, ...(n.deletable === false ? { deletable: false } : {}) }) as EditorNode;
const stripEdge = (e: EditorEdge): EditorEdge => ({ id: e.id, type: e.type, source: e.source, target: e.target, data: e.data });

function snapshot(s: EditorGraph): Snapshot {
  return { graph: s.graph, nodes: s.nodes.map(stripNode), edges: s.edges.map(stripEdge), layout: s.layout };
}

/** True when two states differ at most in positions (snapshots keep node data and graph by reference). */
function sameLogic(a: EditorGraph, b: EditorGraph): boolean {
  if (a.graph !== b.graph || a.nodes.length !== b.nodes.length || a.edges.length !== b.edges.length) return false;
  if (a.nodes.some((n, i) => n.id !== b.nodes[i].id || n.data !== b.nodes[i].data)) return false;
  return a.edges.every((e, i) => e.id === b.edges[i].id && e.data === b.edges[i].data && e.source === b.edges[i].source && e.target === b.edges[i].target);
}

export function createEditorStore(doc: GraphDocument) {
  return createStore<EditorState>()((set, get) => {
    /** Records the current state as an undo step, then applies `next` as a document change. */
    let lastKey: string | undefined;
    let lastAt = 0;
    const commit = (next: Partial<EditorGraph>, origin: EditorState['origin'] = 'canvas', key?: string, layoutOnly = false) => {
      const s = get();
      const now = Date.now();
      const coalesce = key !== undefined && key === lastKey && now - lastAt < COALESCE_MS && s.past.length > 0;
      lastKey = key;
      lastAt = now;
      const past = coalesce ? s.past : [...s.past, snapshot(s)].slice(-HISTORY_LIMIT);
      const bump = layoutOnly ? { layoutRevision: s.layoutRevision + 1 } : { revision: s.revision + 1 };
      set({ ...next, past, future: coalesce ? s.future : [], ...bump, origin });
    };
    const restore = (from: Snapshot) => {
      const s = get();
      const logic = !sameLogic(from, s);
      set({ ...from, ...(logic ? { revision: s.revision + 1 } : {}), layoutRevision: s.layoutRevision + 1, origin: 'canvas' });
    };

    return {
      ...documentToEditor(doc),
      past: [],
      future: [],
      clipboard: null,
      pasteCount: 0,
      revision: 0,
      layoutRevision: 0,
      origin: 'load',
      problems: NO_PROBLEMS,
      problemsRevision: -1,
      setProblems: (problems, problemsRevision) => set({ problems, problemsRevision }),
      setupProblems: [],
      setSetupProblems: (setupProblems) => set({ setupProblems }),

      load(d) {
        set({ ...documentToEditor(d), past: [], future: [], revision: get().revision + 1, layoutRevision: get().layoutRevision + 1, origin: 'load' });
      },

      applyDocument(d, origin = 'yaml') {
        const s = get();
        const next = documentToEditor(d);
        const selected = new Set(s.nodes.filter((n) => n.selected).map((n) => n.id));
        const prev = new Map(s.nodes.map((n) => [n.id, n]));
        // Keep what the canvas knows (sizes, positions of unplaced nodes) for nodes that survive.
        next.nodes = next.nodes.map((n) => {
          const old = prev.get(n.id);
          const keepPos = old && next.layout.unplaced.includes(n.id);
          return { ...n, ...(keepPos ? { position: old.position } : {}), ...(old?.measured ? { measured: old.measured } : {}), selected: selected.has(n.id) } as EditorNode;
        });
        commit(next, origin);
      },

      onNodesChange(changes) {
        const s = get();
        const logic = changes.some((c) => c.type === 'remove' || c.type === 'add' || c.type === 'replace');
        const moves = changes.some((c) => c.type === 'position');
        const nodes = applyNodeChanges(changes, s.nodes);
        if (!logic && !moves) return set({ nodes });
        const moved = changes.flatMap((c) => (c.type === 'position' && c.position ? [c.id] : []));
        const placed = moved.length && s.layout.unplaced.length ? new Set(moved) : null;
        const layout = placed ? { ...s.layout, unplaced: s.layout.unplaced.filter((id) => !placed.has(id)) } : s.layout;
        set({ nodes, layout, ...(logic ? { revision: s.revision + 1 } : {}), ...(moves ? { layoutRevision: s.layoutRevision + 1 } : {}), origin: 'canvas' });
      },

      onEdgesChange(changes) {
        // Removal goes through deleteSelection (one undo step); only selection is handled here.
        const allowed = changes.filter((c) => c.type === 'select');
        if (allowed.length) set({ edges: applyEdgeChanges(allowed, get().edges) });
      },

      beginDrag() {
        const s = get();
        set({ past: [...s.past, snapshot(s)].slice(-HISTORY_LIMIT), future: [] });
      },

      connect(c, conditional) {
        if (!c.source || !c.target || c.source === END || c.target === START) return null;
        const { edges, id } = connectEdges(get().edges, c, conditional);
        commit({ edges, nodes: get().nodes.map((n) => (n.selected ? ({ ...n, selected: false } as EditorNode) : n)) });
        return id;
      },

      addNode(role, position) {
        const s = get();
        if (role === 'START' || role === 'END') {
          if (s.nodes.some((n) => n.id === role)) return null;
          const node: EditorNode = { id: role, type: 'terminal', position, data: { terminal: role }, deletable: false };
          commit({ nodes: [...s.nodes, node] });
          return role;
        }
        const taken = new Set(s.nodes.map((n) => n.id));
        const id = uniqueId(role, taken);
        const spec = ROLES[role].create({
          tools: Object.keys(s.graph.tools ?? {}),
          nodes: s.nodes.filter((n) => isRoleNode(n) && n.type !== 'supervisor').map((n) => n.id),
        });
        const node = { id, type: role, position, data: spec, selected: true } as RoleNode;
        // The first model-calling role in a graph without models brings the default model along,
        // so a freshly dropped agent is valid rather than "no model set" (one undo step with the node).
        const needsModel = callsModel(spec) && Object.keys(s.graph.models ?? {}).length === 0;
        commit({
          nodes: [...s.nodes.map((n) => (n.selected ? ({ ...n, selected: false } as EditorNode) : n)), node],
          edges: s.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
          ...(needsModel ? { graph: { ...s.graph, models: defaultModels() } } : {}),
        });
        return id;
      },

      updateNode(id, spec, key) {
        const nodes = get().nodes.map((n) => (n.id === id && isRoleNode(n) ? ({ ...n, type: spec.role, data: spec } as RoleNode) : n));
        commit({ nodes }, 'canvas', key && `node:${id}:${key}`);
      },

      renameNode(from, to) {
        const s = get();
        if (from === to || from === START || from === END || s.nodes.some((n) => n.id === to)) return;
        const swap = (ids: string[]) => ids.map((x) => (x === from ? to : x));
        commit({
          nodes: renameInNodes(s.nodes, from, to),
          edges: renameInEdges(s.edges, from, to),
          layout: { ...s.layout, order: swap(s.layout.order), unplaced: swap(s.layout.unplaced) },
        });
      },

      updateEdge(id, data, key) {
        commit({ edges: normalizeBranches(get().edges.map((e) => (e.id === id ? { ...e, data } : e))) }, 'canvas', key && `edge:${id}:${key}`);
      },
      moveBranch(id, dir) {
        commit({ edges: moveBranch(get().edges, id, dir) });
      },
      setElse(id, isElse) {
        commit({ edges: setElse(get().edges, id, isElse) });
      },
      setConditional(id, conditional) {
        commit({ edges: setConditional(get().edges, id, conditional) });
      },

      setGraph(patch, key) {
        const graph = { ...get().graph, ...patch };
        for (const k of Object.keys(graph) as (keyof GraphFields)[]) if (graph[k] === undefined) delete graph[k];
        commit({ graph }, 'canvas', key && `graph:${key}`);
      },

      select({ nodes = [], edges = [] }) {
        const n = new Set(nodes);
        const e = new Set(edges);
        const s = get();
        set({
          nodes: s.nodes.map((x) => (!!x.selected === n.has(x.id) ? x : ({ ...x, selected: n.has(x.id) } as EditorNode))),
          edges: s.edges.map((x) => (!!x.selected === e.has(x.id) ? x : { ...x, selected: e.has(x.id) })),
        });
      },

      deleteSelection() {
        const s = get();
        const gone = new Set(s.nodes.filter((n) => n.selected && n.deletable !== false).map((n) => n.id));
        const edges = s.edges.filter((e) => !e.selected && !gone.has(e.source) && !gone.has(e.target));
        if (!gone.size && edges.length === s.edges.length) return;
        commit({
          nodes: s.nodes.filter((n) => !gone.has(n.id)),
          edges: normalizeBranches(edges),
          layout: { ...s.layout, unplaced: s.layout.unplaced.filter((id) => !gone.has(id)) },
        });
      },

      copy() {
        const s = get();
        const clip = copySelection(s.nodes, s.edges);
        if (clip) set({ clipboard: clip, pasteCount: 0 });
        return !!clip;
      },

      paste() {
        const s = get();
        if (!s.clipboard) return [];
        const count = s.pasteCount + 1;
        const { nodes, edges, ids } = pasteClip(s.nodes, s.edges, s.clipboard, PASTE_OFFSET * count);
        commit({ nodes, edges });
        set({ pasteCount: count });
        return ids;
      },

      duplicate() {
        const s = get();
        const clip = copySelection(s.nodes, s.edges);
        if (!clip) return [];
        const { nodes, edges, ids } = pasteClip(s.nodes, s.edges, clip, PASTE_OFFSET);
        commit({ nodes, edges });
        return ids;
      },

      async autoLayout() {
        const { layoutPositions } = await import('./auto-layout');
        const s = get();
        const pos = layoutPositions({
          nodes: s.nodes.map((n) => ({ id: n.id, terminal: !isRoleNode(n) })),
          edges: s.edges.map((e) => ({ source: e.source, target: e.target })),
        });
        commit(
          {
            nodes: s.nodes.map((n) => ({ ...n, position: pos.get(n.id) ?? n.position }) as EditorNode),
            layout: { ...s.layout, unplaced: [] },
          },
          'canvas',
          undefined,
          true,
        );
      },

      undo() {
        const s = get();
        const prev = s.past[s.past.length - 1];
        if (!prev) return;
        set({ past: s.past.slice(0, -1), future: [snapshot(s), ...s.future].slice(0, HISTORY_LIMIT) });
        restore(prev);
      },

      redo() {
        const s = get();
        const next = s.future[0];
        if (!next) return;
        set({ past: [...s.past, snapshot(s)].slice(-HISTORY_LIMIT), future: s.future.slice(1) });
        restore(next);
      },
    };
  });
}

export type EditorStore = ReturnType<typeof createEditorStore>;
