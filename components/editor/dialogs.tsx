'use client';
/** The shortcuts help overlay and the Import dialog (file, paste, or a file dropped on the canvas). */
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Problem } from '@/lib/graph/problems';
import { GraphName } from '@/lib/graph/schema';
import { parseGraphYaml, stringifyGraph } from '@/lib/graph/yaml';
import { ApiError, importGraphYaml } from './api';
import { SHORTCUTS } from './use-shortcuts';

function Modal({ title, onClose, children, testId }: { title: string; onClose(): void; children: ReactNode; testId: string }) {
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

export function ImportDialog({ initialText = '', onClose }: { initialText?: string; onClose(): void }) {
  const router = useRouter();
  const [text, setText] = useState(initialText);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Problem>[]>([]);
  const [busy, setBusy] = useState(false);
  const nameErr = name && !GraphName.safeParse(name).success ? 'letters, digits, ., _ and - only (start with a letter or digit)' : null;

  const submit = async () => {
    const parsed = parseGraphYaml(text);
    if (!parsed.ok) return setErrors(parsed.errors);
    const body = name ? stringifyGraph({ ...parsed.doc, name }) : text;
    setBusy(true);
    try {
      const { id } = await importGraphYaml(body);
      router.push(`/graphs/${encodeURIComponent(id)}`);
      onClose();
    } catch (err) {
      setErrors(err instanceof ApiError && err.problems.length ? err.problems : [{ message: err instanceof Error ? err.message : String(err) }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Import a graph" onClose={onClose} testId="import-dialog">
      <p className="sy-muted">Import creates a new graph from YAML. To change this graph, edit it in the YAML split view.</p>
      <div className="sy-row">
        <label className="sy-btn">
          Choose a .yaml file…
          <input
            type="file"
            accept=".yaml,.yml,application/yaml,text/yaml"
            hidden
            data-testid="import-file"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (f) setText(await f.text());
              setErrors([]);
            }}
          />
        </label>
        <span className="sy-muted sy-small">or paste it below, or drop a file on the canvas</span>
      </div>
      <textarea className="sy-input is-mono sy-import-text" rows={12} value={text} data-testid="import-text" placeholder="switchyard: 1&#10;name: my-graph&#10;…" onChange={(e) => (setText(e.target.value), setErrors([]))} />
      <label className="sy-field-label">
        <span>Name</span>
        <span className="sy-field-hint">optional: import under a new name</span>
      </label>
      <input className="sy-input is-mono" value={name} data-testid="import-name" onChange={(e) => setName(e.target.value)} placeholder="keep the file's name" />
      {nameErr && <div className="sy-field-error">{nameErr}</div>}
      {errors.length > 0 && (
        <ul className="sy-msgs" data-testid="import-errors">
          {errors.map((p, i) => (
            <li key={i} className="is-error">
              {p.line ? `Line ${p.line}${p.col ? `:${p.col}` : ''}: ` : ''}
              {p.message}
            </li>
          ))}
        </ul>
      )}
      <div className="sy-modal-actions">
        <button type="button" className="sy-btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="sy-btn is-primary" data-testid="import-submit" disabled={!text.trim() || busy || !!nameErr} onClick={() => void submit()}>
          {busy ? 'Importing…' : 'Import as new graph'}
        </button>
      </div>
    </Modal>
  );
}
