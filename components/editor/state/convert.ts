/**
 * The one place where the graph document and the editor's state meet.
 *
 * document -> editor: nodes in document order between START and END, positions from `layout`
 * (computed by dagre when missing), a conditional edge with N branches -> N edges sharing a source.
 * editor -> document: the reverse; for a canonical document the round trip is the identity.
 */
import type { XYPosition } from '@xyflow/react';
import { END, FORMAT_VERSION, START, isConditional } from '@/lib/graph/constants';
import type { Branch, EdgeSpec, GraphDocument, NodeSpec } from '@/lib/graph/schema';
import { layeredPositions, ROLE_NODE_SIZE, snap } from './layout';
import {
  isRoleNode,
  type BranchEdgeData,
  type EditorEdge,
  type EditorGraph,
  type EditorNode,
  type GraphFields,
  type LayoutMeta,
} from './types';

let edgeSeq = 0;
/** A fresh edge id (edge ids exist only in the editor). */
export function newEdgeId(): string {
  edgeSeq += 1;
  return `e${Date.now().toString(36)}-${edgeSeq}`;
}

const has = (rec: object | undefined, key: string) => rec !== undefined && Object.hasOwn(rec, key);

export function documentToEditor(doc: GraphDocument): EditorGraph {
  const layout = doc.layout ?? {};
  const ids = [START, ...Object.keys(doc.nodes), END];
  const nodeIds = new Set(ids);

  const edges: EditorEdge[] = [];
  doc.edges.forEach((edge, i) => {
    if (!isConditional(edge)) {
      edges.push({
        id: `e${i}`,
        type: 'flow',
        source: edge.from,
        target: edge.to,
        data: edge.label !== undefined ? { kind: 'plain', label: edge.label } : { kind: 'plain' },
      });
      return;
    }
    edge.branches.forEach((b, j) => {
      edges.push({ id: `e${i}.${j}`, type: 'flow', source: edge.from, target: 'else' in b ? b.else : b.to, data: branchData(b, j) });
    });
  });

  const missing = ids.filter((id) => !has(layout, id));
  const computed = missing.length ? placeMissing(ids, missing, layout, edges) : new Map<string, XYPosition>();
  const position = (id: string): XYPosition => (has(layout, id) ? { x: layout[id].x, y: layout[id].y } : computed.get(id)!);

  const nodes: EditorNode[] = [
    { id: START, type: 'terminal', position: position(START), data: { terminal: 'START' }, deletable: false },
    ...Object.entries(doc.nodes).map(([id, spec]): EditorNode => ({ id, type: spec.role, position: position(id), data: spec })),
    { id: END, type: 'terminal', position: position(END), data: { terminal: 'END' }, deletable: false },
  ];

  const orphans: LayoutMeta['orphans'] = {};
  for (const [id, p] of Object.entries(layout)) if (!nodeIds.has(id)) orphans[id] = { x: p.x, y: p.y };

  return {
    graph: graphFields(doc),
    nodes,
    edges,
    layout: { order: Object.keys(layout), unplaced: missing, orphans },
  };
}

function branchData(b: Branch, index: number): BranchEdgeData {
  if ('else' in b) return { kind: 'branch', index, else: true };
  return b.label !== undefined ? { kind: 'branch', index, when: b.when, label: b.label } : { kind: 'branch', index, when: b.when };
}

function graphFields(doc: GraphDocument): GraphFields {
  const out: GraphFields = { name: doc.name };
  if (doc.description !== undefined) out.description = doc.description;
  if (doc.models !== undefined) out.models = doc.models;
  if (doc.tools !== undefined) out.tools = doc.tools;
  if (doc.state !== undefined) out.state = doc.state;
  if (doc.output !== undefined) out.output = doc.output;
  if (doc.limits !== undefined) out.limits = doc.limits;
  if (doc.guards !== undefined) out.guards = doc.guards;
  return out;
}

/** Positions for nodes the layout block does not place: layered for all when none is placed, else a row below. */
function placeMissing(
  ids: string[],
  missing: string[],
  layout: Record<string, XYPosition>,
  edges: EditorEdge[],
): Map<string, XYPosition> {
  if (missing.length === ids.length) {
    return layeredPositions({
      nodes: ids.map((id) => ({ id, terminal: id === START || id === END })),
      edges: edges.map((e) => ({ source: e.source, target: e.target })),
    });
  }
  const placed = Object.values(layout);
  const left = Math.min(...placed.map((p) => p.x));
  const bottom = Math.max(...placed.map((p) => p.y)) + ROLE_NODE_SIZE.height + 64;
  const out = new Map<string, XYPosition>();
  missing.forEach((id, i) => out.set(id, { x: snap(left + i * (ROLE_NODE_SIZE.width + 32)), y: snap(bottom) }));
  return out;
}

/** Which editor edges make up each document edge: `edgeIds[i][j]` is branch j of `edges[i]`. */
export interface ConvertResult {
  doc: GraphDocument;
  edgeIds: string[][];
}

/** The document the editor state stands for. Invalid values are kept as they are (validation reports them). */
export function editorToDocument(state: EditorGraph): ConvertResult {
  const { graph, nodes, edges, layout } = state;
  const docNodes: Record<string, NodeSpec> = {};
  for (const n of nodes) if (isRoleNode(n)) docNodes[n.id] = n.data;

  const docEdges: EdgeSpec[] = [];
  const edgeIds: string[][] = [];
  const emittedSources = new Set<string>();
  for (const e of edges) {
    const data = e.data ?? { kind: 'plain' };
    if (data.kind === 'plain') {
      docEdges.push(data.label !== undefined ? { from: e.source, to: e.target, label: data.label } : { from: e.source, to: e.target });
      edgeIds.push([e.id]);
      continue;
    }
    if (emittedSources.has(e.source)) continue;
    emittedSources.add(e.source);
    const group = branchesOf(edges, e.source);
    docEdges.push({ from: e.source, branches: group.map(toBranch) });
    edgeIds.push(group.map((b) => b.id));
  }

  const doc: GraphDocument = { switchyard: FORMAT_VERSION, name: graph.name } as GraphDocument;
  if (graph.description !== undefined) doc.description = graph.description;
  if (graph.models !== undefined) doc.models = graph.models;
  if (graph.tools !== undefined) doc.tools = graph.tools;
  if (graph.state !== undefined) doc.state = graph.state;
  doc.nodes = docNodes;
  doc.edges = docEdges;
  if (graph.output !== undefined) doc.output = graph.output;
  if (graph.guards !== undefined) doc.guards = graph.guards;
  if (graph.limits !== undefined) doc.limits = graph.limits;
  const docLayout = layoutBlock(nodes, layout);
  if (docLayout) doc.layout = docLayout;
  return { doc, edgeIds };
}

/** The branch edges leaving `source`, in the order they are tried. */
export function branchesOf(edges: EditorEdge[], source: string): EditorEdge[] {
  return edges
    .filter((e) => e.source === source && e.data?.kind === 'branch')
    .sort((a, b) => (a.data as BranchEdgeData).index - (b.data as BranchEdgeData).index);
}

function toBranch(e: EditorEdge): Branch {
  const d = e.data as BranchEdgeData;
  if (d.else) return { else: e.target };
  return d.label !== undefined ? { when: d.when ?? '', to: e.target, label: d.label } : { when: d.when ?? '', to: e.target };
}

function layoutBlock(nodes: EditorNode[], meta: LayoutMeta): GraphDocument['layout'] | undefined {
  const unplaced = new Set(meta.unplaced);
  const positions = new Map<string, XYPosition>();
  for (const n of nodes) if (!unplaced.has(n.id)) positions.set(n.id, { x: n.position.x, y: n.position.y });
  for (const [id, p] of Object.entries(meta.orphans)) if (!positions.has(id)) positions.set(id, p);
  if (positions.size === 0) return undefined;
  const out: Record<string, XYPosition> = {};
  const put = (id: string) => {
    const p = positions.get(id);
    if (p && !Object.hasOwn(out, id)) Object.defineProperty(out, id, { value: p, enumerable: true, writable: true, configurable: true });
  };
  for (const id of meta.order) put(id);
  for (const id of positions.keys()) put(id);
  return out;
}
