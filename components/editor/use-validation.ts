'use client';
/** Runs the lib/graph rules on the editor's document ~150 ms after it stops changing. */
import { useEffect } from 'react';
import { editorToDocument } from './state/convert';
import { useEditor, useEditorStore } from './state/context';
import { computeProblems } from './state/problems';

const VALIDATE_DELAY_MS = 150;

export function useLiveValidation(): void {
  const store = useEditorStore();
  const revision = useEditor((s) => s.revision);
  useEffect(() => {
    const run = () => {
      const s = store.getState();
      s.setProblems(computeProblems(editorToDocument(s)), s.revision);
    };
    if (revision === 0) return run();
    const t = setTimeout(run, VALIDATE_DELAY_MS);
    return () => clearTimeout(t);
  }, [revision, store]);
}
