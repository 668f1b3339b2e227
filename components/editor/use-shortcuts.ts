'use client';
/** Editor keyboard shortcuts; ignored while typing in a field or in the YAML editor (except Ctrl/⌘ Enter: run). */
import { useEffect } from 'react';
import { useEditorStore } from './state/context';

export const SHORTCUTS: { keys: string; what: string }[] = [
  { keys: 'Ctrl/⌘ Enter', what: 'Run the graph (opens the run panel; an empty input runs the default question)' },
  { keys: 'Ctrl/⌘ Z', what: 'Undo' },
  { keys: 'Ctrl/⌘ Shift Z · Ctrl Y', what: 'Redo' },
  { keys: 'Delete · Backspace', what: 'Delete the selection' },
  { keys: 'Ctrl/⌘ C · V', what: 'Copy · paste the selection' },
  { keys: 'Ctrl/⌘ D', what: 'Duplicate the selection' },
  { keys: 'Ctrl/⌘ A', what: 'Select everything' },
  { keys: 'Shift click · Shift drag', what: 'Add to the selection · select with a box' },
  { keys: 'Alt while connecting', what: 'Create a conditional branch' },
  { keys: 'C', what: 'Connect the selected node to another: type its name, Enter' },
  { keys: 'Tab · Enter', what: 'Move between nodes · select the focused node (the “Skip to canvas” link jumps there)' },
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

function inDialog(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.closest?.('[role="dialog"], .cm-editor');
}

/**
 * Delete on a node or edge that has keyboard focus (Tab reaches them) but is not selected: select it
 * and delete it. False when focus is on nothing of the canvas, or on something selected already.
 */
function deleteFocused(s: ReturnType<ReturnType<typeof useEditorStore>['getState']>, target: EventTarget | null): boolean {
  const el = (target as HTMLElement | null)?.closest?.('.react-flow__edge[data-id], .react-flow__node[data-id]');
  const id = el?.getAttribute('data-id');
  if (!el || !id) return false;
  const isEdge = el.classList.contains('react-flow__edge');
  const selected = isEdge ? s.edges.find((x) => x.id === id)?.selected : s.nodes.find((n) => n.id === id)?.selected;
  if (selected) return false;
  s.select(isEdge ? { edges: [id] } : { nodes: [id] });
  s.deleteSelection();
  return true;
}

export interface ShortcutActions {
  onHelp(): void;
  onEscape(): void;
  onRun(): void;
  /** The connect command (C). */
  onConnect(): void;
  onFit(): void;
}

export function useShortcuts({ onHelp, onEscape, onRun, onConnect, onFit }: ShortcutActions) {
  const store = useEditorStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onEscape();
      const mod = e.ctrlKey || e.metaKey;
      // Run works from anywhere but dialogs and the YAML editor (the run box handles its own).
      if (mod && e.key === 'Enter' && !e.defaultPrevented && !inDialog(e.target)) {
        e.preventDefault();
        return onRun();
      }
      if (typing(e.target)) return;
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
      if (e.key === 'Delete' || e.key === 'Backspace') return act(() => deleteFocused(s, e.target) || s.deleteSelection());
      if (e.key === '?') return act(onHelp);
      if (k === 'c') return act(onConnect);
      if (k === 'l') return act(() => void s.autoLayout());
      if (k === 'f') return act(() => onFit());
      if (e.key === 'Escape') s.select({});
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, onHelp, onEscape, onRun, onConnect, onFit]);
}
