'use client';
/**
 * Autosave: ~800 ms after the document (its logic or its layout) stops changing, it is PUT with
 * `autosave: true` through a react-query mutation. A valid document becomes the graph (a layout-only
 * change updates the current version; logic edits within a minute coalesce into one version, the
 * server decides); one with errors is kept on the server as the working draft with its problems,
 * while runs use the last valid version. The state is visible (saved / saving / draft with errors /
 * error with retry), and every edit not yet on the server is also kept as a local draft. A server
 * busy with imports and large saves (429) is asked again after its Retry-After, not shown as an error.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GraphDocument } from '@/lib/graph/schema';
import { jsonBody, request } from '@/lib/contracts/client';
import type { SavedGraphResponse } from '@/lib/contracts/graphs';
import { ApiError, type GraphRecord } from './api';
import { editorToDocument } from './state/convert';
import { useEditor, useEditorStore } from './state/context';
import { clearDraft, saveDraft } from './drafts';
import { validate } from './validation';

const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus =
  | { kind: 'saved' }
  /** Edits not on the server yet; `busy`: the server asked to come back later (429), the save is retried after `Retry-After`. */
  | { kind: 'pending'; busy?: { retryMs: number } }
  | { kind: 'saving' }
  /** Saved as the working draft with errors; runs use `version`, the last valid one. */
  | { kind: 'draft'; errors: number; version: number }
  | { kind: 'error'; message: string; /** 409: the new name belongs to another graph; retrying cannot help. */ nameTaken?: boolean };

/** How long a 429 asks to wait (its `retry_after_s`), 1 s if it does not say; at most 30 s. */
function retryAfterMs(err: ApiError): number {
  const s = (err.details as { retry_after_s?: unknown } | undefined)?.retry_after_s;
  return typeof s === 'number' && s > 0 ? Math.min(s, 30) * 1000 : 1000;
}

const saveEdit = (graphId: string, document: GraphDocument) =>
  request<SavedGraphResponse>(`/api/graphs/${encodeURIComponent(graphId)}`, jsonBody('PUT', { document, autosave: true }));

export function useAutosave(graphId: string, base: string) {
  const store = useEditorStore();
  const queryClient = useQueryClient();
  // Both counters only grow: their sum changes whenever either does.
  const change = useEditor((s) => s.revision + s.layoutRevision);
  const savedJson = useRef<string>(JSON.stringify(editorToDocument(store.getState()).doc));
  const baseRef = useRef(base);
  // What the server holds for `savedJson`: the graph, or the working draft with its errors.
  const savedAs = useRef<SaveStatus | null>(null);
  if (savedAs.current === null) {
    // Opened on a working draft (another tab, a reload): say so until it validates.
    const loaded = queryClient.getQueryData<GraphRecord>(['graph', graphId]);
    const errors = loaded?.draft?.problems.filter((p) => p.severity !== 'warning').length ?? 0;
    savedAs.current = loaded?.draft ? { kind: 'draft', errors: errors || loaded.draft.problems.length, version: loaded.version } : { kind: 'saved' };
  }
  const [status, setStatus] = useState<SaveStatus>(savedAs.current);

  const mutation = useMutation({
    mutationFn: (doc: GraphDocument) => saveEdit(graphId, doc),
    onSuccess: (record: SavedGraphResponse) => {
      queryClient.setQueryData(['graph', graphId], record);
      queryClient.invalidateQueries({ queryKey: ['graphs'] });
    },
  });
  const { mutateAsync } = mutation;
  const inFlight = useRef(false);

  const saveNow = useCallback(async () => {
    if (inFlight.current) return;
    const conv = editorToDocument(store.getState());
    const json = JSON.stringify(conv.doc);
    if (json === savedJson.current) {
      // Back to what the server holds (an undo, a change that did not touch the document): say what that is.
      clearDraft(graphId);
      return setStatus(savedAs.current ?? { kind: 'saved' });
    }
    saveDraft(graphId, { doc: conv.doc, base: baseRef.current });
    const st = store.getState();
    inFlight.current = true;
    try {
      const problems = st.problemsRevision === st.revision ? st.problems : await validate(conv);
      setStatus({ kind: 'saving' });
      // With errors the server keeps it as the working draft (202); the server's check decides either way.
      const record = await mutateAsync(conv.doc);
      savedJson.current = json;
      if (record.saved === 'draft') {
        const errors = record.problems?.filter((p) => p.severity !== 'warning').length || problems.errorCount || 1;
        savedAs.current = { kind: 'draft', errors, version: record.version };
      } else savedAs.current = { kind: 'saved' };
      if (record?.updated_at !== undefined) baseRef.current = String(record.updated_at);
      const now = JSON.stringify(editorToDocument(store.getState()).doc);
      if (now !== json) return setStatus({ kind: 'pending' });
      clearDraft(graphId);
      setStatus(savedAs.current);
    } catch (err) {
      // Too many imports and large saves at once (429): not this edit's fault; it is saved again after Retry-After.
      if (err instanceof ApiError && err.status === 429) return setStatus({ kind: 'pending', busy: { retryMs: retryAfterMs(err) } });
      setStatus({ kind: 'error', message: err instanceof Error ? err.message : String(err), nameTaken: err instanceof ApiError && err.status === 409 });
    } finally {
      inFlight.current = false;
    }
  }, [graphId, mutateAsync, store]);

  // Saves that finish while edits arrived: save again.
  useEffect(() => {
    if (status.kind !== 'pending') return;
    const t = setTimeout(() => void saveNow(), status.busy?.retryMs ?? AUTOSAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [status, saveNow]);

  useEffect(() => {
    if (store.getState().origin === 'load' && change === 0) return;
    setStatus((s) => (s.kind === 'saving' || s.kind === 'pending' ? s : { kind: 'pending' }));
    const t = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [change, saveNow, store]);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (JSON.stringify(editorToDocument(store.getState()).doc) !== savedJson.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [store]);

  return { status, retry: saveNow };
}
