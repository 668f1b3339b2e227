/** Auto-layout (dagre, top to bottom) and the node sizes it assumes. */
import dagre from '@dagrejs/dagre';
import type { XYPosition } from '@xyflow/react';

export const ROLE_NODE_SIZE = { width: 240, height: 96 } as const;
export const TERMINAL_NODE_SIZE = { width: 120, height: 40 } as const;
export const GRID = 16;

export interface LayoutInput {
  nodes: { id: string; terminal: boolean }[];
  edges: { source: string; target: string }[];
}

/** Top-left positions (React Flow's convention) for every node, snapped to the grid. */
export function layoutPositions({ nodes, edges }: LayoutInput): Map<string, XYPosition> {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 48, ranksep: 72, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { ...(n.terminal ? TERMINAL_NODE_SIZE : ROLE_NODE_SIZE) });
  edges.forEach((e, i) => {
    if (g.hasNode(e.source) && g.hasNode(e.target)) g.setEdge(e.source, e.target, {}, `e${i}`);
  });
  dagre.layout(g);
  const out = new Map<string, XYPosition>();
  for (const n of nodes) {
    const p = g.node(n.id);
    const size = n.terminal ? TERMINAL_NODE_SIZE : ROLE_NODE_SIZE;
    out.set(n.id, { x: snap(p.x - size.width / 2), y: snap(p.y - size.height / 2) });
  }
  return out;
}

export function snap(v: number): number {
  return Math.round(v / GRID) * GRID;
}

interface Box {
  id?: string;
  type?: string;
  position: XYPosition;
  measured?: { width?: number; height?: number };
}

/** How many node-sized steps around the asked spot freeSpot looks. */
const RING = 6;

type Size = { readonly width: number; readonly height: number };

/**
 * The grid spot nearest `at` where a new node of `size` (a role node unless told) does not cover an
 * existing node (a small gap around each): a role added by a click must not land on START or END in
 * the middle of the view, and one dropped onto a node is nudged just clear of it.
 */
export function freeSpot(nodes: readonly Box[], at: XYPosition, size: Size = ROLE_NODE_SIZE): XYPosition {
  const GAP = GRID;
  const boxes = nodes.map((n) => {
    const own = n.type === 'terminal' ? TERMINAL_NODE_SIZE : ROLE_NODE_SIZE;
    return { x: n.position.x, y: n.position.y, w: n.measured?.width ?? own.width, h: n.measured?.height ?? own.height };
  });
  const free = (p: XYPosition) =>
    boxes.every((b) => p.x + size.width + GAP <= b.x || b.x + b.w + GAP <= p.x || p.y + size.height + GAP <= b.y || b.y + b.h + GAP <= p.y);
  const start = { x: snap(at.x), y: snap(at.y) };
  // Just clear of each node on one side (smallest nudges), then a coarse ring of node-sized steps.
  const candidates: XYPosition[] = [start];
  const down = (v: number) => Math.floor(v / GRID) * GRID;
  const up = (v: number) => Math.ceil(v / GRID) * GRID;
  for (const b of boxes) {
    candidates.push(
      { x: down(b.x - size.width - GAP), y: start.y },
      { x: up(b.x + b.w + GAP), y: start.y },
      { x: start.x, y: down(b.y - size.height - GAP) },
      { x: start.x, y: up(b.y + b.h + GAP) },
    );
  }
  const stepX = size.width + 2 * GAP;
  const stepY = size.height + 2 * GAP;
  for (let i = -RING; i <= RING; i++) for (let j = -RING; j <= RING; j++) candidates.push({ x: snap(at.x + i * stepX), y: snap(at.y + j * stepY) });
  // Never farther than the coarse ring reaches: a nudge past a huge node is no longer "near".
  const near = (p: XYPosition) => Math.abs(p.x - at.x) <= RING * stepX + GRID && Math.abs(p.y - at.y) <= RING * stepY + GRID;
  const dist = (p: XYPosition) => Math.hypot(p.x - at.x, (p.y - at.y) * 1.5);
  candidates.sort((a, b) => dist(a) - dist(b));
  return candidates.find((p) => near(p) && free(p)) ?? start;
}
