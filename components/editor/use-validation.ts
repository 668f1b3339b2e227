'use client';
/**
 * Runs the lib/graph rules on the editor's document ~150 ms after its logic stops changing (moves
 * never trigger it), in a Web Worker (./validation). The rules (zod, CEL) are not in the editor's
 * first-load JS.
 */
import { useEffect } from 'react';
import { editorToDocument } from './state/convert';
import { useEditor, useEditorStore } from './state/context';
import { validate } from './validation';

const VALIDATE_DELAY_MS = 150;

export function useLiveValidation(): void {
  const store = useEditorStore();
  const revision = useEditor((s) => s.revision);
  useEffect(() => {
    let cancelled = false;
    const run = () =>
      void validate(editorToDocument(store.getState())).then((problems) => {
        const s = store.getState();
        // A newer revision has its own pass coming.
        if (cancelled || s.revision !== revision) return;
        s.setProblems(problems, revision);
      });
    const t = setTimeout(run, revision === 0 ? 0 : VALIDATE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(t);
    };
  }, [revision, store]);
}
