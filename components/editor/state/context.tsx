'use client';
/** The editor store in React context: one store per mounted editor. */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { GraphDocument } from '@/lib/graph/schema';
import { createEditorStore, type EditorState, type EditorStore } from './store';

const EditorContext = createContext<EditorStore | null>(null);

export function EditorProvider({ doc, children }: { doc: GraphDocument; children: ReactNode }) {
  const [store] = useState(() => createEditorStore(doc));
  return <EditorContext.Provider value={store}>{children}</EditorContext.Provider>;
}

export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditorStore must be used inside <EditorProvider>');
  return store;
}

export function useEditor<T>(selector: (s: EditorState) => T): T {
  return useStore(useEditorStore(), selector);
}
