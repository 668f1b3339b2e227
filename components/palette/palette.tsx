'use client';
/**
 * The roles (plus START and END): drag one onto the canvas, or click to add it in the middle of the
 * view. Folds to a thin rail with one button (the choice is remembered by the editor).
 */
import { useReactFlow } from '@xyflow/react';
import type { CSSProperties, DragEvent } from 'react';
import { ROLE_MIME } from '@/components/canvas/canvas';
import { useEditorStore } from '@/components/editor/state/context';
import { freeSpot } from '@/components/editor/state/layout';
import { FoldButton } from '@/components/ui/fold-button';
import { ROLES } from '@/lib/graph/roles';
import { NODE_ROLES, type NodeRole } from '@/lib/graph/constants';

export function Palette({ collapsed, onToggle }: { collapsed: boolean; onToggle(): void }) {
  const store = useEditorStore();
  const { screenToFlowPosition, fitView } = useReactFlow();

  const onDragStart = (e: DragEvent, role: string) => {
    e.dataTransfer.setData(ROLE_MIME, role);
    e.dataTransfer.setData('text/plain', role);
    e.dataTransfer.effectAllowed = 'move';
  };

  const addAtCentre = (role: NodeRole) => {
    const rect = document.querySelector('[data-testid="canvas"]')?.getBoundingClientRect();
    const p = screenToFlowPosition({ x: rect ? rect.left + rect.width / 2 : 400, y: rect ? rect.top + rect.height / 2 : 300 });
    // Near the middle of the view, but never on top of a node already there (START and END sit there in a new graph).
    store.getState().addNode(role, freeSpot(store.getState().nodes, { x: p.x - 120, y: p.y - 48 }));
  };

  const toggle = <FoldButton panel="palette" side="left" collapsed={collapsed} onToggle={onToggle} testId="toggle-palette" controls="sy-palette" />;
  if (collapsed)
    return (
      <nav className="sy-palette is-collapsed" id="sy-palette" aria-label="Palette" data-testid="palette" data-collapsed="true">
        {toggle}
      </nav>
    );

  return (
    <nav className="sy-palette" id="sy-palette" aria-label="Palette" data-testid="palette" data-collapsed="false">
      <div className="sy-panel-head">
        <div className="sy-palette-title">Roles</div>
        {toggle}
      </div>
      <p className="sy-palette-hint">Drag onto the canvas, or click to add.</p>
      {NODE_ROLES.map((role) => {
        const meta = ROLES[role];
        return (
          <button
            type="button"
            key={role}
            className="sy-palette-item"
            draggable
            data-testid={`palette-${role}`}
            title={meta.description}
            style={{ '--node-color': `var(${meta.colorVar}, ${meta.fallbackColor})` } as CSSProperties}
            onDragStart={(e) => onDragStart(e, role)}
            onClick={() => addAtCentre(role)}
          >
            <span className="sy-node-glyph" aria-hidden>
              {meta.glyph}
            </span>
            <span className="sy-palette-text">
              <span className="sy-palette-label">{meta.label}</span>
              <span className="sy-palette-desc">{meta.description}</span>
            </span>
          </button>
        );
      })}
      <div className="sy-palette-title">Flow</div>
      <p className="sy-palette-hint">Always on the canvas: click to find them.</p>
      {(['START', 'END'] as const).map((t) => (
        <button
          type="button"
          key={t}
          className="sy-palette-item is-terminal"
          data-testid={`palette-${t}`}
          onClick={() => void fitView({ nodes: [{ id: t }], duration: 300, maxZoom: 1.2, padding: 1 })}
        >
          <span className={`sy-terminal-dot ${t === 'START' ? 'is-start' : 'is-end'}`} aria-hidden />
          <span className="sy-palette-label">{t}</span>
        </button>
      ))}
    </nav>
  );
}
