'use client';
/** The benchmark's baseline: React Flow with default nodes, laid out like the editor's bench graphs. */
import { ReactFlow, Background, applyNodeChanges, type Edge, type Node, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useState } from 'react';

function benchGrid(n: number): { nodes: Node[]; edges: Edge[] } {
  const cols = Math.ceil(Math.sqrt(n));
  const nodes: Node[] = Array.from({ length: n }, (_, i) => ({
    id: `n${i}`,
    position: { x: (i % cols) * 288, y: Math.floor(i / cols) * 160 },
    data: { label: `node ${i}` },
  }));
  const edges: Edge[] = nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: `n${i}`, target: node.id }));
  return { nodes, edges };
}

export function BareFlow({ n }: { n: number }) {
  const [{ nodes, edges }, setGraph] = useState(() => benchGrid(n));
  const onNodesChange = useCallback((changes: NodeChange[]) => setGraph((g) => ({ ...g, nodes: applyNodeChanges(changes, g.nodes) })), []);
  return (
    <div style={{ position: 'fixed', inset: 0 }} data-testid="bare-flow">
      <ReactFlow nodes={nodes} edges={edges} onNodesChange={onNodesChange} fitView minZoom={0.05} onlyRenderVisibleElements={n > 150}>
        <Background />
      </ReactFlow>
    </div>
  );
}
