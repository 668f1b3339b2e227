'use client';
/** A node's call to another node (supervisor worker, node behind an `agent` tool): drawn dotted, derived, never edited. */
import { BaseEdge, getBezierPath, type Edge, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import type { EditorState } from '@/components/editor/state/store';
import { isRoleNode } from '@/components/editor/state/types';
import { calleesOf } from '@/lib/graph/roles';

export type CallEdge = Edge<Record<string, never>, 'call'>;

function CallEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition }: EdgeProps<CallEdge>) {
  const [path] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  return <BaseEdge id={id} path={path} className="sy-call-edge" interactionWidth={0} />;
}

export const CallEdgeComponent = memo(CallEdgeView);

/** "caller>callee" pairs, joined: a stable string so the canvas only rebuilds call edges when they change. */
export function callPairs(s: Pick<EditorState, 'nodes' | 'graph'>): string {
  const ids = new Set(s.nodes.map((n) => n.id));
  const out: string[] = [];
  for (const n of s.nodes) {
    if (!isRoleNode(n)) continue;
    for (const c of new Set(calleesOf(n.data, s.graph.tools))) if (c !== n.id && ids.has(c)) out.push(`${n.id}>${c}`);
  }
  return out.join('\n');
}

export function callEdges(pairs: string): CallEdge[] {
  if (!pairs) return [];
  return pairs.split('\n').map((p) => {
    const [source, target] = p.split('>');
    return { id: `call:${p}`, type: 'call', source, target, data: {}, selectable: false, deletable: false, focusable: false, className: 'sy-call' };
  });
}
