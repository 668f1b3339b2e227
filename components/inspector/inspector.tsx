'use client';
/** The right panel: the selected node, the selected edge, a multi-selection summary, or the graph. */
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStore } from '@/components/editor/context';
import { isRoleNode } from '@/components/editor/types';
import { EdgeForm } from './edge-form';
import { GraphForm } from './graph-form';
import { NodeForm } from './node-form';

export function Inspector() {
  const store = useEditorStore();
  const selNodes = useEditor(useShallow((s) => s.nodes.filter((n) => n.selected)));
  const selEdges = useEditor(useShallow((s) => s.edges.filter((e) => e.selected)));
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
  else if (selNodes.length === 1) {
    const n = selNodes[0];
    body = isRoleNode(n) ? (
      <NodeForm key={n.id} node={n} />
    ) : (
      <div className="sy-form" data-testid="terminal-form">
        <div className="sy-form-title">{n.id}</div>
        <p className="sy-muted">{n.id === 'START' ? 'Where every run begins: connect it to the first node.' : 'Where a run ends: connect the last nodes to it.'}</p>
      </div>
    );
  } else body = <EdgeForm key={selEdges[0].id} edge={selEdges[0]} />;
  return (
    <aside className="sy-inspector" data-testid="inspector" aria-label="Inspector">
      {body}
    </aside>
  );
}
