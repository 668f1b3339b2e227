'use client';
/** Editor keyboard shortcuts; ignored while typing in a field or in the YAML editor. */
import { useReactFlow } from '@xyflow/react';
import { useEffect } from 'react';
import { useEditorStore } from './state/context';

export const SHORTCUTS: { keys: string; what: string }[] = [
  { keys: 'Ctrl/⌘ Z', what: 'Undo' },
  { keys: 'Ctrl/⌘ Shift Z · Ctrl Y', what: 'Redo' },
  { keys: 'Delete · Backspace', what: 'Delete the selection' },
  { keys: 'Ctrl/⌘ C · V', what: 'Copy · paste the selection' },
  { keys: 'Ctrl/⌘ D', what: 'Duplicate the selection' },
  { keys: 'Ctrl/⌘ A', what: 'Select everything' },
  { keys: 'Shift click · Shift drag', what: 'Add to the selection · select with a box' },
  { keys: 'Alt while connecting', what: 'Create a conditional branch' },
  { keys: 'L', what: 'Auto-layout' },
  { keys: 'F', what: 'Fit the view' },
  { keys: 'Escape', what: 'Clear the selection · close dialogs' },
  { keys: '?', what: 'This help' },
];

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.closest) return false;
  return !!el.closest('input, textarea, select, [contenteditable="true"], .cm-editor, [role="dialog"]');
}

export function useShortcuts({ onHelp, onEscape }: { onHelp(): void; onEscape(): void }) {
  const store = useEditorStore();
  const { fitView } = useReactFlow();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onEscape();
      if (typing(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      const s = store.getState();
      const act = (fn: () => void) => {
        e.preventDefault();
        fn();
      };
      if (mod && k === 'z' && !e.shiftKey) return act(() => s.undo());
      if ((mod && k === 'z' && e.shiftKey) || (mod && k === 'y')) return act(() => s.redo());
      if (mod && k === 'c') return void s.copy();
      if (mod && k === 'v') return act(() => void s.paste());
      if (mod && k === 'd') return act(() => void s.duplicate());
      if (mod && k === 'a') return act(() => s.select({ nodes: s.nodes.map((n) => n.id), edges: s.edges.map((x) => x.id) }));
      if (mod || e.altKey) return;
      if (e.key === 'Delete' || e.key === 'Backspace') return act(() => s.deleteSelection());
      if (e.key === '?') return act(onHelp);
      if (k === 'l') return act(() => s.autoLayout());
      if (k === 'f') return act(() => void fitView({ duration: 300, padding: 0.2, maxZoom: 1.1 }));
      if (e.key === 'Escape') s.select({});
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, fitView, onHelp, onEscape]);
}
