'use client';
/**
 * The React Flow canvas: custom nodes per role, plain and branch edges, drop target for palette roles
 * and for .yaml files, snap to grid, minimap, zoom controls. Deletion and shortcuts go through the store.
 */
import {
  Background,
  BackgroundVariant,
  ConnectionLineType,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type Connection,
  type EdgeTypes,
  type NodeTypes,
  type ReactFlowState,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { minimapShown } from '@/components/editor/persisted-flags';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import { freeSpot, GRID, ROLE_NODE_SIZE, TERMINAL_NODE_SIZE } from '@/components/editor/state/layout';
import type { EditorEdge, EditorNode } from '@/components/editor/state/types';
import { ROLES } from '@/lib/graph/roles';
import { NODE_ROLES, type NodeRole } from '@/lib/graph/constants';
import { CallEdgeComponent, callEdges, callPairs } from './call-edge';
import { fitOptions } from './fit';
import { FlowEdgeComponent } from './flow-edge';
import { RoleNodeComponent } from './role-node';
import { TerminalNodeComponent } from './terminal-node';

export const ROLE_MIME = 'application/x-switchyard-role';

const nodeTypes: NodeTypes = {
  ...(Object.fromEntries(NODE_ROLES.map((r) => [r, RoleNodeComponent])) as Record<NodeRole, typeof RoleNodeComponent>),
  terminal: TerminalNodeComponent,
};
const edgeTypes: EdgeTypes = { flow: FlowEdgeComponent, call: CallEdgeComponent };
const defaultEdgeOptions = { type: 'flow' as const };
const SNAP: [number, number] = [GRID, GRID];
const MULTI_KEYS = ['Shift', 'Meta', 'Control'];
/** Above this many nodes, cards drop their shadows (cheaper to paint while panning). */
const LARGE_GRAPH = 300;
/**
 * Below this zoom a card keeps its title, problem badge and a set breakpoint; its other text, the
 * handles and the edge labels are hidden (`is-far`): too small to read or hit (11 px text is under
 * 3 px), and at 1,000 nodes they doubled the time of a frame while panning. Hidden, not removed: no
 * card changes size. (At 0.4 a four-node graph fitted into the canvas above an open run panel at
 * 1280×720 lost its edge labels.)
 */
const FAR_ZOOM = 0.25;
const isFar = (s: ReactFlowState) => s.transform[2] < FAR_ZOOM;

function minimapColor(n: EditorNode): string {
  if (n.type === 'terminal' || !n.type) return 'var(--muted, #94a3b8)';
  const meta = ROLES[n.type as NodeRole];
  return meta ? `var(${meta.colorVar}, ${meta.fallbackColor})` : '#94a3b8';
}

export function Canvas({ colorMode, onFileDrop }: { colorMode: 'light' | 'dark'; onFileDrop(file: File): void }) {
  const store = useEditorStore();
  const nodes = useEditor((s) => s.nodes);
  const storeEdges = useEditor((s) => s.edges);
  const pairs = useEditor(callPairs);
  const edges = useMemo(() => {
    const calls = callEdges(pairs) as unknown as EditorEdge[];
    return calls.length ? [...calls, ...storeEdges] : storeEdges;
  }, [pairs, storeEdges]);
  const onNodesChange = useEditor((s) => s.onNodesChange);
  const empty = useEditor((s) => s.nodes.every((n) => n.type === 'terminal'));
  const onEdgesChange = useEditor((s) => s.onEdgesChange);
  const [minimap, setMinimap] = minimapShown.useFlag();
  // The first fit, before the canvas is measured: the window is a fair guess of its room.
  const [initialFit] = useState(() =>
    fitOptions(typeof window === 'undefined' ? null : { width: window.innerWidth - 600, height: window.innerHeight - 200 }, minimapShown.get()),
  );
  const { screenToFlowPosition } = useReactFlow();
  const far = useStore(isFar);
  const altDown = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  // While the view moves, the viewport is its own compositing layer (cheap pans of big graphs); it is
  // dropped afterwards so text is rastered crisp at the new zoom. Class toggled directly: no re-render.
  const onMoveStart = useCallback(() => wrapper.current?.classList.add('is-moving'), []);
  const onMoveEnd = useCallback(() => wrapper.current?.classList.remove('is-moving'), []);

  useEffect(() => {
    const track = (e: KeyboardEvent) => {
      altDown.current = e.altKey;
    };
    window.addEventListener('keydown', track);
    window.addEventListener('keyup', track);
    return () => {
      window.removeEventListener('keydown', track);
      window.removeEventListener('keyup', track);
    };
  }, []);

  const onConnect = useCallback((c: Connection) => void store.getState().connect(c, altDown.current), [store]);
  const onNodeDragStart = useCallback(() => store.getState().beginDrag(), [store]);
  const onSelectionDragStart = onNodeDragStart;

  const onDragOver = useCallback((e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = e.dataTransfer.types.includes('Files') ? 'copy' : 'move';
  }, []);

  const onDrop = useCallback(
    (e: DragEvent) => {
      e.preventDefault();
      const file = e.dataTransfer.files?.[0];
      if (file) return onFileDrop(file);
      const role = e.dataTransfer.getData(ROLE_MIME);
      if (!role) return;
      const p = screenToFlowPosition({ x: e.clientX, y: e.clientY });
      const terminal = role === 'START' || role === 'END';
      if (!terminal && !(NODE_ROLES as readonly string[]).includes(role)) return;
      // Under the cursor, unless that covers a node: then the nearest free spot next to it.
      const size = terminal ? TERMINAL_NODE_SIZE : ROLE_NODE_SIZE;
      const at = freeSpot(store.getState().nodes, { x: p.x - size.width / 2, y: p.y - 24 }, size);
      store.getState().addNode(role as NodeRole, at);
    },
    [onFileDrop, screenToFlowPosition, store],
  );

  return (
    <div
      className={`sy-canvas ${nodes.length > LARGE_GRAPH ? 'is-large' : ''} ${far ? 'is-far' : ''}`}
      id="canvas"
      tabIndex={-1}
      aria-label="Canvas"
      data-testid="canvas"
      ref={wrapper}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <ReactFlow<EditorNode, EditorEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        defaultEdgeOptions={defaultEdgeOptions}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        onNodeDragStart={onNodeDragStart}
        onSelectionDragStart={onSelectionDragStart}
        connectionLineType={ConnectionLineType.Bezier}
        snapToGrid
        snapGrid={SNAP}
        fitView
        fitViewOptions={initialFit}
        minZoom={0.05}
        maxZoom={2}
        deleteKeyCode={null}
        multiSelectionKeyCode={MULTI_KEYS}
        selectionKeyCode="Shift"
        onlyRenderVisibleElements={nodes.length > 150}
        colorMode={colorMode}
      >
        <Background variant={BackgroundVariant.Dots} gap={GRID} size={1.2} />
        {minimap && <MiniMap pannable zoomable nodeColor={minimapColor} nodeStrokeWidth={2} ariaLabel="Minimap" />}
        <Controls showInteractive={false} fitViewOptions={initialFit}>
          <ControlButton
            onClick={() => setMinimap((v) => !v)}
            aria-label={minimap ? 'Hide the minimap' : 'Show the minimap'}
            title={minimap ? 'Hide the minimap' : 'Show the minimap'}
            aria-pressed={minimap}
            data-testid="toggle-minimap"
          >
            <span aria-hidden className="sy-minimap-glyph">▣</span>
          </ControlButton>
        </Controls>
      </ReactFlow>
      {empty && (
        <div className="sy-canvas-empty" data-testid="canvas-empty">
          <div className="sy-canvas-empty-title">Start building</div>
          <div>Drag a role from the left onto the canvas, then connect the handles.</div>
          <div className="sy-muted">Press ? for keyboard shortcuts.</div>
        </div>
      )}
    </div>
  );
}
