'use client';
/**
 * The editor's Import dialog (file, paste, or a file dropped on the canvas): a new graph from YAML.
 * Every problem of the failed pass is listed (with a note when it stopped the later passes); a name
 * that exists offers "Import as copy". Loaded on demand with the YAML codec.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { importStage, stageNote } from '@/components/graphs/import-stage';
import type { Problem } from '@/lib/graph/problems';
import { isGraphName } from '@/lib/graph/constants';
import { parseGraphYaml, stringifyGraph } from '@/lib/graph/yaml';
import { ApiError, importGraphYaml } from './api';
import { Modal } from './dialogs';

export function ImportDialog({ initialText = '', onClose }: { initialText?: string; onClose(): void }) {
  const router = useRouter();
  const [text, setText] = useState(initialText);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Problem>[]>([]);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const nameErr = name && !isGraphName(name) ? 'letters, digits, ., _ and - only (start with a letter or digit)' : null;

  const submit = async (asCopy = false) => {
    const parsed = parseGraphYaml(text);
    if (!parsed.ok) return setErrors(parsed.errors);
    const body = name ? stringifyGraph({ ...parsed.doc, name }) : text;
    setBusy(true);
    try {
      const { id } = await importGraphYaml(body, { asCopy });
      router.push(`/graphs/${encodeURIComponent(id)}`);
      onClose();
    } catch (err) {
      setConflict(err instanceof ApiError && err.status === 409);
      setErrors(err instanceof ApiError && err.problems.length ? err.problems : [{ message: err instanceof Error ? err.message : String(err) }]);
    } finally {
      setBusy(false);
    }
  };
  const note = errors.length && errors.every((p) => p.code) ? stageNote(importStage(errors as Problem[])) : null;
  const edited = (f: () => void) => {
    f();
    setErrors([]);
    setConflict(false);
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
              setConflict(false);
            }}
          />
        </label>
        <span className="sy-muted sy-small">or paste it below, or drop a file on the canvas</span>
      </div>
      <textarea className="sy-input is-mono sy-import-text" rows={12} value={text} data-testid="import-text" placeholder="switchyard: 1&#10;name: my-graph&#10;…" onChange={(e) => edited(() => setText(e.target.value))} />
      <label className="sy-field-label">
        <span>Name</span>
        <span className="sy-field-hint">optional: import under a new name</span>
      </label>
      <input className="sy-input is-mono" value={name} data-testid="import-name" onChange={(e) => edited(() => setName(e.target.value))} placeholder="keep the file's name" />
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
      {note && (
        <p className="sy-muted sy-small" data-testid="import-stage-note">
          {note}
        </p>
      )}
      {conflict && (
        <p className="sy-small" data-testid="import-conflict">
          A graph with this name exists: import this one as a copy under the next free name, or type another name.
        </p>
      )}
      <div className="sy-modal-actions">
        <button type="button" className="sy-btn" onClick={onClose}>
          Cancel
        </button>
        {conflict ? (
          <button type="button" className="sy-btn is-primary" data-testid="import-as-copy" disabled={busy} onClick={() => void submit(true)}>
            {busy ? 'Importing…' : 'Import as copy'}
          </button>
        ) : (
          <button type="button" className="sy-btn is-primary" data-testid="import-submit" disabled={!text.trim() || busy || !!nameErr} onClick={() => void submit()}>
            {busy ? 'Importing…' : 'Import as new graph'}
          </button>
        )}
      </div>
    </Modal>
  );
}
