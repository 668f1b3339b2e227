/**
 * Auto-layout with dagre (top to bottom). dagre is loaded with this module, on the first Auto-layout
 * (store.autoLayout), not with the editor.
 */
import dagre from '@dagrejs/dagre';
import type { XYPosition } from '@xyflow/react';
import { ROLE_NODE_SIZE, snap, TERMINAL_NODE_SIZE, type LayoutInput } from './layout';

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
