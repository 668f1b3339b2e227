'use client';
/**
 * Runs the lib/graph rules on the editor's document ~150 ms after its logic stops changing (moves
 * never trigger it). The rules (zod, CEL) load on first use, outside the editor's first-load JS.
 */
import { useEffect } from 'react';
import { editorToDocument } from './state/convert';
import { useEditor, useEditorStore } from './state/context';

const VALIDATE_DELAY_MS = 150;

/** The validation pass, loaded on demand (it pulls in the CEL compiler). */
export const loadValidator = () => import('./state/compute-problems');

export function useLiveValidation(): void {
  const store = useEditorStore();
  const revision = useEditor((s) => s.revision);
  useEffect(() => {
    let cancelled = false;
    const run = () =>
      void loadValidator().then(({ computeProblems }) => {
        const s = store.getState();
        // A newer revision has its own pass coming.
        if (cancelled || s.revision !== revision) return;
        s.setProblems(computeProblems(editorToDocument(s)), s.revision);
      });
    const t = setTimeout(run, revision === 0 ? 0 : VALIDATE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(t);
    };
  }, [revision, store]);
}
