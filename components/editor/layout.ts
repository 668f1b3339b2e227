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

/**
 * The grid spot nearest `at` where a new role node does not cover an existing node (a small gap
 * around each): a role added by a click must not land on START or END in the middle of the view.
 */
export function freeSpot(nodes: readonly Box[], at: XYPosition): XYPosition {
  const GAP = GRID;
  const boxes = nodes.map((n) => {
    const size = n.type === 'terminal' ? TERMINAL_NODE_SIZE : ROLE_NODE_SIZE;
    return { x: n.position.x, y: n.position.y, w: n.measured?.width ?? size.width, h: n.measured?.height ?? size.height };
  });
  const free = (p: XYPosition) =>
    boxes.every((b) => p.x + ROLE_NODE_SIZE.width + GAP <= b.x || b.x + b.w + GAP <= p.x || p.y + ROLE_NODE_SIZE.height + GAP <= b.y || b.y + b.h + GAP <= p.y);
  const stepX = ROLE_NODE_SIZE.width + 2 * GAP;
  const stepY = ROLE_NODE_SIZE.height + 2 * GAP;
  const candidates: XYPosition[] = [];
  for (let i = -6; i <= 6; i++) for (let j = -6; j <= 6; j++) candidates.push({ x: at.x + i * stepX, y: at.y + j * stepY });
  candidates.sort((a, b) => Math.hypot(a.x - at.x, (a.y - at.y) * 1.5) - Math.hypot(b.x - at.x, (b.y - at.y) * 1.5));
  const spot = candidates.find(free) ?? at;
  return { x: snap(spot.x), y: snap(spot.y) };
}
