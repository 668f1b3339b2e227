/**
 * Node sizes, the grid, where a new node goes (freeSpot) and a quick layered placement for a document
 * without a layout block. The Auto-layout command (dagre) is in ./auto-layout, loaded on first use.
 */
import type { XYPosition } from '@xyflow/react';

export const ROLE_NODE_SIZE = { width: 240, height: 96 } as const;
export const TERMINAL_NODE_SIZE = { width: 120, height: 40 } as const;
export const GRID = 16;

export interface LayoutInput {
  nodes: { id: string; terminal: boolean }[];
  edges: { source: string; target: string }[];
}

const RANK_GAP = 72;
const NODE_GAP = 48;

/**
 * Top-left positions, snapped to the grid, top to bottom by distance from the first node (START):
 * rank r is one row, centred on x = 0; nodes it cannot reach go in the rows below, the last node
 * (END) at the bottom. Synchronous and cheap (the editor's first paint); Auto-layout uses dagre.
 */
export function layeredPositions({ nodes, edges }: LayoutInput): Map<string, XYPosition> {
  const out = new Map<string, XYPosition>();
  if (!nodes.length) return out;
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const last = nodes.length > 1 && nodes[nodes.length - 1].terminal ? nodes[nodes.length - 1].id : null;
  const rank = new Map<string, number>([[nodes[0].id, 0]]);
  const queue = [nodes[0].id];
  for (let i = 0; i < queue.length; i++) {
    for (const t of next.get(queue[i]) ?? []) {
      if (rank.has(t) || t === last) continue;
      rank.set(t, rank.get(queue[i])! + 1);
      queue.push(t);
    }
  }
  let bottom = Math.max(...rank.values());
  for (const n of nodes) if (!rank.has(n.id) && n.id !== last) rank.set(n.id, ++bottom);
  if (last) rank.set(last, bottom + 1);
  const rows: { id: string; size: Size }[][] = [];
  for (const n of nodes) (rows[rank.get(n.id)!] ??= []).push({ id: n.id, size: n.terminal ? TERMINAL_NODE_SIZE : ROLE_NODE_SIZE });
  let y = 0;
  for (const row of rows) {
    if (!row) continue;
    const width = row.reduce((w, n) => w + n.size.width, 0) + NODE_GAP * (row.length - 1);
    const height = Math.max(...row.map((n) => n.size.height));
    let x = -width / 2;
    for (const n of row) {
      out.set(n.id, { x: snap(x), y: snap(y + (height - n.size.height) / 2) });
      x += n.size.width + NODE_GAP;
    }
    y += height + RANK_GAP;
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
