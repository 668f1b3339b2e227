'use client';
/** The editor's modal frame and the shortcuts help overlay (the Import dialog is in ./import-dialog, loaded on demand). */
import { useEffect, useRef, type ReactNode } from 'react';
import { SHORTCUTS } from './use-shortcuts';

export function Modal({ title, onClose, children, testId }: { title: string; onClose(): void; children: ReactNode; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="sy-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="sy-modal" role="dialog" aria-modal="true" aria-label={title} data-testid={testId} tabIndex={-1} ref={ref} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <div className="sy-modal-head">
          <h2>{title}</h2>
          <button type="button" className="sy-icon-btn" aria-label="Close" data-testid={`${testId}-close`} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

export function HelpOverlay({ onClose }: { onClose(): void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} testId="help-overlay">
      <dl className="sy-shortcuts">
        {SHORTCUTS.map((s) => (
          <div key={s.keys} className="sy-shortcut">
            <dt>
              {s.keys.split(' · ').map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
      <p className="sy-muted sy-small">Conditional edges: select an edge and press “Make conditional”, or hold Alt while connecting. Connecting from a node that already branches adds a branch.</p>
      <p className="sy-muted sy-small">Roles, conditions, tools, the YAML format and the API: <a href="/docs" target="_blank" rel="noreferrer" data-testid="help-docs-link">Documentation</a></p>
    </Modal>
  );
}
