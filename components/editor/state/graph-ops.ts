/**
 * Pure operations on the editor's nodes and edges: ids, branch numbering, rename, copy/paste.
 * Everything here returns new arrays and never mutates its input.
 */
import type { Connection } from '@xyflow/react';
import { END, START } from '@/lib/graph/constants';
import { branchesOf, newEdgeId } from './convert';
import { isRoleNode, type BranchEdgeData, type EditorEdge, type EditorNode, type RoleNode } from './types';

/** `base`, or `base_2`, `base_3`, ... : the first id not taken. */
export function uniqueId(base: string, taken: Set<string>): string {
  const clean = base.replace(/[^A-Za-z0-9_-]/g, '_').replace(/^([^A-Za-z_])/, '_$1').slice(0, 56) || 'node';
  if (!taken.has(clean) && clean !== START && clean !== END) return clean;
  for (let i = 2; ; i++) {
    const id = `${clean}_${i}`;
    if (!taken.has(id)) return id;
  }
}

/** Branch indexes of every source renumbered 0..n-1 in their current order; an `else` is kept last when it was last. */
export function normalizeBranches(edges: EditorEdge[]): EditorEdge[] {
  const sources = new Set(edges.filter((e) => e.data?.kind === 'branch').map((e) => e.source));
  if (!sources.size) return edges;
  const index = new Map<string, number>();
  for (const s of sources) branchesOf(edges, s).forEach((e, i) => index.set(e.id, i));
  return edges.map((e) => {
    const i = index.get(e.id);
    if (i === undefined || (e.data as BranchEdgeData).index === i) return e;
    return { ...e, data: { ...(e.data as BranchEdgeData), index: i } };
  });
}

function hasBranches(edges: EditorEdge[], source: string): boolean {
  return edges.some((e) => e.source === source && e.data?.kind === 'branch');
}

/** A new edge for a connection: a branch (before an existing `else`) when asked or when the source already branches. */
export function connectEdges(edges: EditorEdge[], c: Connection, conditional: boolean): { edges: EditorEdge[]; id: string } {
  const id = newEdgeId();
  const base = { id, type: 'flow' as const, source: c.source, target: c.target, selected: true };
  const unselected = edges.map((e) => (e.selected ? { ...e, selected: false } : e));
  if (!conditional && !hasBranches(edges, c.source)) {
    return { edges: [...unselected, { ...base, data: { kind: 'plain' } }], id };
  }
  const group = branchesOf(edges, c.source);
  const elseAt = group.findIndex((e) => (e.data as BranchEdgeData).else);
  const at = elseAt === -1 ? group.length : elseAt;
  const shifted = unselected.map((e) => {
    const d = e.data;
    if (e.source !== c.source || d?.kind !== 'branch' || d.index < at) return e;
    return { ...e, data: { ...d, index: d.index + 1 } };
  });
  return { edges: normalizeBranches([...shifted, { ...base, data: { kind: 'branch', index: at, when: '' } }]), id };
}

/** Moves a branch one place earlier (-1) or later (+1) among its source's branches. */
export function moveBranch(edges: EditorEdge[], id: string, dir: -1 | 1): EditorEdge[] {
  const edge = edges.find((e) => e.id === id);
  if (!edge || edge.data?.kind !== 'branch') return edges;
  const group = branchesOf(edges, edge.source);
  const i = group.findIndex((e) => e.id === id);
  const j = i + dir;
  if (j < 0 || j >= group.length) return edges;
  const order = new Map(group.map((e, k) => [e.id, k]));
  order.set(group[i].id, j);
  order.set(group[j].id, i);
  return edges.map((e) => (order.has(e.id) ? { ...e, data: { ...(e.data as BranchEdgeData), index: order.get(e.id)! } } : e));
}

/** Makes a branch the `else` (moved last) or a `when` branch again (keeps the condition it had). */
export function setElse(edges: EditorEdge[], id: string, isElse: boolean): EditorEdge[] {
  const edge = edges.find((e) => e.id === id);
  if (!edge || edge.data?.kind !== 'branch') return edges;
  const d = edge.data;
  const updated = edges.map((e) => {
    if (e.id !== id) return e;
    const data: BranchEdgeData = isElse
      ? { kind: 'branch', index: Number.MAX_SAFE_INTEGER, else: true, ...(d.when ? { when: d.when } : {}) }
      : { kind: 'branch', index: d.index, when: d.when ?? '', ...(d.label !== undefined ? { label: d.label } : {}) };
    return { ...e, data };
  });
  return normalizeBranches(updated);
}

/** Turns a plain edge into a branch of its source (appended before the else), or a branch back into a plain edge. */
export function setConditional(edges: EditorEdge[], id: string, conditional: boolean): EditorEdge[] {
  const edge = edges.find((e) => e.id === id);
  if (!edge) return edges;
  if (!conditional) {
    if (edge.data?.kind !== 'branch') return edges;
    const label = edge.data.label;
    return normalizeBranches(edges.map((e) => (e.id === id ? { ...e, data: label !== undefined ? { kind: 'plain', label } : { kind: 'plain' } } : e)));
  }
  if (edge.data?.kind === 'branch') return edges;
  const rest = edges.filter((e) => e.id !== id);
  const { edges: out } = connectEdges(rest, { source: edge.source, target: edge.target, sourceHandle: null, targetHandle: null }, true);
  const added = out[out.length - 1];
  const label = edge.data?.label;
  return out.map((e) =>
    e === added ? { ...edge, data: { ...(added.data as BranchEdgeData), ...(label !== undefined ? { label } : {}) } } : e,
  );
}

/** Renames a node: edges, supervisor workers and agent tools that point at it follow. */
export function renameInNodes(nodes: EditorNode[], from: string, to: string): EditorNode[] {
  return nodes.map((n) => {
    if (n.id === from) return { ...n, id: to } as EditorNode;
    if (!isRoleNode(n)) return n;
    const spec = n.data;
    if (spec.role === 'supervisor' && spec.workers.includes(from)) {
      return { ...n, data: { ...spec, workers: spec.workers.map((w) => (w === from ? to : w)) } } as RoleNode;
    }
    return n;
  });
}

export function renameInEdges(edges: EditorEdge[], from: string, to: string): EditorEdge[] {
  return edges.map((e) =>
    e.source === from || e.target === from
      ? { ...e, source: e.source === from ? to : e.source, target: e.target === from ? to : e.target }
      : e,
  );
}

export interface Clip {
  nodes: RoleNode[];
  edges: EditorEdge[];
}

/** The selected role nodes and the edges between them (START and END are never copied). */
export function copySelection(nodes: EditorNode[], edges: EditorEdge[]): Clip | null {
  const picked = nodes.filter((n): n is RoleNode => isRoleNode(n) && !!n.selected);
  if (!picked.length) return null;
  const ids = new Set(picked.map((n) => n.id));
  return {
    nodes: picked.map((n) => ({ id: n.id, type: n.type, position: n.position, data: structuredClone(n.data) }) as RoleNode),
    edges: edges
      .filter((e) => ids.has(e.source) && ids.has(e.target))
      .map((e) => ({ id: e.id, type: e.type, source: e.source, target: e.target, data: structuredClone(e.data) })),
  };
}

/** The clip pasted with fresh ids, offset by `offset`, selected; everything else deselected. */
export function pasteClip(
  nodes: EditorNode[],
  edges: EditorEdge[],
  clip: Clip,
  offset: number,
): { nodes: EditorNode[]; edges: EditorEdge[]; ids: string[] } {
  const taken = new Set(nodes.map((n) => n.id));
  const rename = new Map<string, string>();
  for (const n of clip.nodes) {
    // A copy of writer_2 is writer_3, not writer_2_2.
    const id = uniqueId(n.id.replace(/_\d+$/, ''), taken);
    taken.add(id);
    rename.set(n.id, id);
  }
  const newNodes: EditorNode[] = clip.nodes.map((n) => ({
    ...n,
    id: rename.get(n.id)!,
    position: { x: n.position.x + offset, y: n.position.y + offset },
    data: structuredClone(n.data),
    selected: true,
  }));
  const newEdges: EditorEdge[] = clip.edges.map((e) => ({
    ...e,
    id: newEdgeId(),
    source: rename.get(e.source)!,
    target: rename.get(e.target)!,
    data: structuredClone(e.data),
    selected: false,
  }));
  return {
    nodes: [...nodes.map((n) => (n.selected ? ({ ...n, selected: false } as EditorNode) : n)), ...newNodes],
    edges: normalizeBranches([...edges.map((e) => (e.selected ? { ...e, selected: false } : e)), ...newEdges]),
    ids: newNodes.map((n) => n.id),
  };
}
