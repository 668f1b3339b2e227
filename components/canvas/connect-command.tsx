'use client';
/**
 * The connect command (C): connect the selected node to another by typing its name. Arrow keys move
 * through the matches, Enter connects to the highlighted one and selects it (so C again chains
 * the next edge), Escape closes. A combobox over the canvas; the result is announced.
 */
import { useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import { isRoleNode } from '@/components/editor/state/types';
import { connectTargets } from './connect-targets';

export function ConnectCommand({ onClose }: { onClose(): void }) {
  const store = useEditorStore();
  const source = useEditor((s) => {
    const sel = s.nodes.filter((n) => n.selected);
    return sel.length === 1 ? sel[0].id : null;
  });
  const nodes = useEditor(useShallow((s) => s.nodes.map((n) => `${n.id}\u0000${isRoleNode(n) ? (n.data.label ?? '') : ''}`)));
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const listId = `connect-${useId().replace(/:/g, '')}`;
  const options = useMemo(
    () =>
      connectTargets(
        nodes.map((x) => {
          const [id, label] = x.split('\u0000');
          return { id, label: label || undefined };
        }),
        source,
        query,
      ),
    [nodes, source, query],
  );
  const current = options[Math.min(active, options.length - 1)];

  const connect = (target: string) => {
    if (!source) return;
    const id = store.getState().connect({ source, target, sourceHandle: null, targetHandle: null }, false);
    if (!id) return setError(`${source} cannot connect to ${target}.`);
    store.getState().select({ nodes: [target] });
    onClose();
  };

  return (
    <div className="sy-command" role="dialog" aria-label="Connect the selected node" data-testid="connect-command" onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onClose())}>
      {!source ? (
        <p className="sy-command-note" data-testid="connect-no-source">
          Select one node first (click it, or Tab to it and press Enter), then press C.
        </p>
      ) : (
        <>
          <label className="sy-command-label" htmlFor={`${listId}-input`}>
            Connect <strong>{source}</strong> to…
          </label>
          <input
            id={`${listId}-input`}
            className="sy-input"
            autoFocus
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
            placeholder="type a node name"
            value={query}
            data-testid="connect-input"
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                const n = options.length || 1;
                setActive((a) => (Math.min(a, n - 1) + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
              } else if (e.key === 'Enter') {
                e.preventDefault();
                if (current) connect(current.id);
              }
            }}
          />
          <ul className="sy-command-list" id={listId} role="listbox" aria-label="Nodes">
            {options.map((t) => (
              <li
                key={t.id}
                id={`${listId}-${t.id}`}
                role="option"
                aria-selected={t === current}
                className={t === current ? 'is-active' : undefined}
                data-testid={`connect-option-${t.id}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  connect(t.id);
                }}
              >
                {t.id}
                {t.label && <span className="sy-muted"> · {t.label}</span>}
              </li>
            ))}
            {!options.length && <li className="sy-muted">No node matches.</li>}
          </ul>
        </>
      )}
      {error && (
        <p className="sy-field-error" role="alert">
          {error}
        </p>
      )}
      <p className="sy-command-note">Enter connects · Escape closes</p>
    </div>
  );
}
