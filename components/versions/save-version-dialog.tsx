'use client';
/**
 * "Save version" for the editor header: a dialog asking for a note, then POST
 * /api/graphs/:id/versions with the editor's current document. Autosaves coalesce and layout moves
 * add no versions; this is how an author marks a version that means something.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jsonBody, request } from '@/lib/contracts/client';
import type { SavedGraphResponse } from '@/lib/contracts/graphs';
import type { GraphDocument } from '@/lib/graph/schema';
import { Modal } from '@/components/editor/dialogs';

const saveVersion = (graphId: string, note: string, document: GraphDocument) =>
  request<SavedGraphResponse>(`/api/graphs/${encodeURIComponent(graphId)}/versions`, jsonBody('POST', { note, document }));

export function SaveVersionButton({ graphId, currentDocument, canSave }: { graphId: string; currentDocument(): GraphDocument; canSave: boolean }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: () => saveVersion(graphId, note.trim(), currentDocument()),
    onSuccess: (record) => {
      qc.setQueryData(['graph', graphId], record);
      void qc.invalidateQueries({ queryKey: ['graphs'] });
      void qc.invalidateQueries({ queryKey: ['graph-versions', graphId] });
      setOpen(false);
      setNote('');
    },
  });
  return (
    <>
      <button
        type="button"
        className="sy-btn"
        data-testid="save-version-open"
        disabled={!canSave}
        title={canSave ? 'Save this graph as a version with a note' : 'Fix the errors first: only a valid graph becomes a version'}
        onClick={() => setOpen(true)}
      >
        Save version
      </button>
      {open && (
        <Modal title="Save version" testId="save-version-dialog" onClose={() => setOpen(false)}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (note.trim()) save.mutate();
            }}
          >
            <label>
              Note (what this version is)
              <textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} data-testid="save-version-note" maxLength={2000} autoFocus />
            </label>
            {save.error && (
              <p role="alert" data-testid="save-version-error">
                {save.error.message}
              </p>
            )}
            <button type="submit" className="sy-btn is-primary" disabled={!note.trim() || save.isPending} data-testid="save-version-submit">
              {save.isPending ? 'Saving…' : 'Save version'}
            </button>
          </form>
        </Modal>
      )}
    </>
  );
}
