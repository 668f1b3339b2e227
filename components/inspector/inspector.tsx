'use client';
/** The right panel: the selected node, the selected edge, a multi-selection summary, or the graph. */
import dynamic from 'next/dynamic';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import { FoldButton } from '@/components/ui/fold-button';
import { START } from '@/lib/graph/constants';
import { GraphForm } from './graph-form';

// The node and edge forms load with the first selection, not with the editor.
const loadingForm = () => <div className="sy-form sy-muted" aria-busy="true" data-testid="form-loading">Loading…</div>;
const NodeForm = dynamic(() => import('./node-form').then((m) => m.NodeForm), { ssr: false, loading: loadingForm });
const EdgeForm = dynamic(() => import('./edge-form').then((m) => m.EdgeForm), { ssr: false, loading: loadingForm });

export function Inspector({ collapsed, onToggle }: { collapsed: boolean; onToggle(): void }) {
  const toggle = <FoldButton panel="inspector" side="right" collapsed={collapsed} onToggle={onToggle} testId="toggle-inspector" />;
  if (collapsed)
    return (
      <aside className="sy-inspector is-collapsed" data-testid="inspector" data-collapsed="true" aria-label="Inspector">
        {toggle}
      </aside>
    );
  return (
    <aside className="sy-inspector" data-testid="inspector" data-collapsed="false" aria-label="Inspector">
      <div className="sy-inspector-fold">{toggle}</div>
      <InspectorBody />
    </aside>
  );
}

/** What the inspector shows for the current selection. */
function InspectorBody() {
  const store = useEditorStore();
  // Ids only: a node being dragged changes its object every frame, not its selection.
  const selNodes = useEditor(useShallow((s) => s.nodes.filter((n) => n.selected).map((n) => n.id)));
  const selEdges = useEditor(useShallow((s) => s.edges.filter((e) => e.selected).map((e) => e.id)));
  const total = selNodes.length + selEdges.length;
  let body;
  if (total === 0) body = <GraphForm />;
  else if (total > 1)
    body = (
      <div className="sy-form" data-testid="multi-form">
        <div className="sy-form-title">{total} selected</div>
        <p className="sy-muted">
          {selNodes.length} node{selNodes.length === 1 ? '' : 's'}, {selEdges.length} edge{selEdges.length === 1 ? '' : 's'}
        </p>
        <div className="sy-row">
          <button type="button" className="sy-btn" onClick={() => store.getState().duplicate()}>
            Duplicate
          </button>
          <button type="button" className="sy-btn is-danger" onClick={() => store.getState().deleteSelection()}>
            Delete
          </button>
        </div>
      </div>
    );
  else if (selNodes.length === 1) body = <NodeById key={selNodes[0]} id={selNodes[0]} />;
  else body = <EdgeById key={selEdges[0]} id={selEdges[0]} />;
  return body;
}

function NodeById({ id }: { id: string }) {
  const data = useEditor((s) => s.nodes.find((n) => n.id === id)?.data);
  if (!data) return null;
  if ('terminal' in data) {
    return (
      <div className="sy-form" data-testid="terminal-form">
        <div className="sy-form-title">{id}</div>
        <p className="sy-muted">{id === START ? 'Where every run begins: connect it to the first node.' : 'Where a run ends: connect the last nodes to it.'}</p>
      </div>
    );
  }
  return <NodeForm id={id} spec={data} />;
}

function EdgeById({ id }: { id: string }) {
  const edge = useEditor((s) => s.edges.find((e) => e.id === id));
  return edge ? <EdgeForm edge={edge} /> : null;
}
