'use client';
/**
 * Import a graph from YAML: pick a file or paste the text. Problems are listed with line and column
 * (clicking one selects that line of the pasted text), every problem of the pass that failed at
 * once, with a note when that pass stopped the later ones. A name that exists offers "Import as
 * copy" (saved as name-2, …) and "Replace" (a new version of that graph, its history kept).
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { IconAlert, IconFile, IconUpload } from '@/components/ui/icons';
import type { ProblemJson } from '@/lib/contracts/common';
import type { ImportGraphResponse } from '@/lib/contracts/graphs';
import { ApiError, conflictingId } from './api';
import { lineRange } from './format';
import { ProblemList } from './problem-list';
import { importStage, stageNote } from './import-stage';
import { useImportGraph } from './use-graphs';
import s from './graphs.module.css';

export const MAX_IMPORT_BYTES = 1024 * 1024;
export const YAML_FILE_ACCEPT = '.yaml,.yml,application/yaml,application/x-yaml,text/yaml,text/plain';

export type ImportSource = { kind: 'paste' } | { kind: 'file'; name: string; text: string };

export interface ImportDialogProps {
  open: boolean;
  /** What to show first; a file that failed to import opens here with its problems. */
  initial: ImportSource;
  /** The failure of the file import that opened the dialog, if any. */
  initialError?: unknown;
  onClose(): void;
  onImported(result: ImportGraphResponse): void;
  /** A file picked with "Choose file" inside the dialog. */
  onFile(file: File): void;
}

function describe(err: unknown): { problems: ProblemJson[]; message: string | null; conflict: boolean } {
  if (err instanceof ApiError) {
    return { problems: err.problems, message: err.problems.length ? null : err.message, conflict: conflictingId(err) !== null };
  }
  return { problems: [], message: err ? String((err as Error).message ?? err) : null, conflict: false };
}

export function ImportDialog({ open, initial, initialError, onClose, onImported, onFile }: ImportDialogProps) {
  const [tab, setTab] = useState<'paste' | 'file'>(initial.kind);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(initialError ?? null);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useImportGraph();

  useEffect(() => {
    if (!open) return;
    setTab(initial.kind);
    setError(initialError ?? null);
    if (initial.kind === 'file') setText(initial.text);
  }, [open, initial, initialError]);

  const source = tab === 'file' && initial.kind === 'file' ? initial.text : text;
  const info = describe(error);

  const submit = (mode: 'new' | 'overwrite' | 'copy' = 'new') => {
    setError(null);
    importer.mutate(
      { yaml: source, overwrite: mode === 'overwrite', asCopy: mode === 'copy' },
      { onSuccess: (res) => onImported(res), onError: (err) => setError(err) },
    );
  };

  const pick = (p: ProblemJson) => {
    if (tab !== 'paste' || p.line === undefined || !area.current) return;
    const [start, end] = lineRange(text, p.line);
    area.current.focus();
    area.current.setSelectionRange(start, end);
  };

  const footer = (
    <>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      {info.conflict ? (
        <>
          <Button variant="danger" busy={importer.isPending} onClick={() => submit('overwrite')} data-testid="import-overwrite">
            Replace existing graph
          </Button>
          <Button variant="primary" busy={importer.isPending} onClick={() => submit('copy')} data-testid="import-as-copy">
            Import as copy
          </Button>
        </>
      ) : null}
      {info.conflict ? null : (
        <Button variant="primary" busy={importer.isPending} disabled={!source.trim()} onClick={() => submit()} data-testid="import-submit">
          <IconUpload /> Import
        </Button>
      )}
    </>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Import a graph"
      description="A Switchyard YAML document (switchyard: 1). Nothing is saved unless the whole file is valid."
      footer={footer}
      data-testid="import-dialog"
    >
      <div className={s.tabs} role="tablist" aria-label="Import from">
        <button type="button" role="tab" className={s.tab} aria-selected={tab === 'paste'} onClick={() => setTab('paste')} data-testid="import-tab-paste">
          Paste YAML
        </button>
        <button type="button" role="tab" className={s.tab} aria-selected={tab === 'file'} onClick={() => setTab('file')} data-testid="import-tab-file">
          Upload file
        </button>
      </div>

      {tab === 'paste' ? (
        <textarea
          ref={area}
          className={s.yamlInput}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          spellCheck={false}
          autoFocus
          aria-label="YAML"
          placeholder={'switchyard: 1\nname: my-agent\nnodes:\n  ...'}
          data-testid="import-textarea"
        />
      ) : (
        <div className={s.dropZone}>
          <IconFile />
          {initial.kind === 'file' ? (
            <span className={s.fileName} data-testid="import-file-name">
              {initial.name}
            </span>
          ) : (
            <span>Choose a .yaml file from your computer.</span>
          )}
          <input
            ref={fileInput}
            type="file"
            accept={YAML_FILE_ACCEPT}
            hidden
            data-testid="import-dialog-file-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onFile(file);
            }}
          />
          <Button size="sm" onClick={() => fileInput.current?.click()} data-testid="import-choose-file">
            {initial.kind === 'file' ? 'Choose another file' : 'Choose file…'}
          </Button>
        </div>
      )}

      {info.message ? (
        <div className={[s.alert, info.conflict && s.alertWarning].filter(Boolean).join(' ')} style={{ marginTop: 12 }} data-testid="import-message">
          <IconAlert />
          <span>
            {info.message}
            {info.conflict ? '. Import this file as a copy under the next free name, or replace that graph (its history is kept as versions)?' : null}
          </span>
        </div>
      ) : null}
      <ProblemList problems={info.problems} onPick={tab === 'paste' ? pick : undefined} />
      {info.problems.length > 0 && stageNote(importStage(info.problems)) ? (
        <p className={s.stageNote} data-testid="import-stage-note">
          {stageNote(importStage(info.problems))}
        </p>
      ) : null}
    </Dialog>
  );
}
