'use client';
/**
 * Autosave: ~800 ms after the document (its logic or its layout) stops changing, a valid document is
 * PUT through a react-query mutation. The state is visible (saved / saving / unsaved because of errors / error with retry), and
 * every unsaved edit is also kept as a local draft.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GraphDocument } from '@/lib/graph/schema';
import { ApiError, saveGraph, type GraphRecord } from './api';
import { editorToDocument } from './state/convert';
import { useEditor, useEditorStore } from './state/context';
import { clearDraft, saveDraft } from './drafts';
import { loadValidator } from './use-validation';

const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'invalid'; errors: number }
  | { kind: 'error'; message: string; /** 409: the new name belongs to another graph; retrying cannot help. */ nameTaken?: boolean };

export function useAutosave(graphId: string, base: string) {
  const store = useEditorStore();
  const queryClient = useQueryClient();
  // Both counters only grow: their sum changes whenever either does.
  const change = useEditor((s) => s.revision + s.layoutRevision);
  const savedJson = useRef<string>(JSON.stringify(editorToDocument(store.getState()).doc));
  const baseRef = useRef(base);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });

  const mutation = useMutation({
    mutationFn: (doc: GraphDocument) => saveGraph(graphId, doc),
    onSuccess: (record: GraphRecord) => {
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
      clearDraft(graphId);
      return setStatus({ kind: 'saved' });
    }
    saveDraft(graphId, { doc: conv.doc, base: baseRef.current });
    const st = store.getState();
    inFlight.current = true;
    try {
      const problems = st.problemsRevision === st.revision ? st.problems : (await loadValidator()).computeProblems(conv);
      if (problems.errorCount) return setStatus({ kind: 'invalid', errors: problems.errorCount });
      setStatus({ kind: 'saving' });
      const record = await mutateAsync(conv.doc);
      savedJson.current = json;
      if (record?.updated_at !== undefined) baseRef.current = String(record.updated_at);
      const now = JSON.stringify(editorToDocument(store.getState()).doc);
      if (now === json) {
        clearDraft(graphId);
        setStatus({ kind: 'saved' });
      } else setStatus({ kind: 'pending' });
    } catch (err) {
      setStatus({ kind: 'error', message: err instanceof Error ? err.message : String(err), nameTaken: err instanceof ApiError && err.status === 409 });
    } finally {
      inFlight.current = false;
    }
  }, [graphId, mutateAsync, store]);

  // Saves that finish while edits arrived: save again.
  useEffect(() => {
    if (status.kind !== 'pending') return;
    const t = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
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
