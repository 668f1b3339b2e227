'use client';
/** The keyboard shortcuts overlay (?), loaded when first opened. */
import { Modal } from './dialogs';
import { SHORTCUTS } from './use-shortcuts';

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
