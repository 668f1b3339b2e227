/**
 * The run store: one zustand store per editor (factory + context, the pattern React Flow uses),
 * holding plain data only: the current run id, its events, per-node status, edges taken with the
 * branch chosen, the pending interrupt, and the breakpoint set. The stream hook feeds it batches
 * through ./run-reducer.ts (applyToStore, loadRunInto: loaded with the run panel, so the trace
 * schemas are not in the editor's first load); the canvas reads it through `useNodeRunStatus` / `useEdgeRun` / `useBreakpoint`.
 */
'use client';

import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { edgeKey, emptyRunView, type NodeRunStatus, type RunView, type TakenEdge } from './run-view';
// The canvas's run-status outlines (global attribute selectors), loaded with the store that sets them.
import '@/components/canvas/run-status.css';

export type { NodeRunStatus, TakenEdge };

export interface RunStoreState extends RunView {
  /** Node ids the next run pauses before (sent as `breakpoints` when a run starts). */
  breakpoints: string[];
  /** Switch to a run (or none): clears the trace, keeps the breakpoints. */
  setRun(runId: string | null): void;
  toggleBreakpoint(nodeId: string): void;
  setBreakpoints(nodeIds: string[]): void;
}

export type RunStore = StoreApi<RunStoreState>;

export function createRunStore(init: { breakpoints?: string[] } = {}): RunStore {
  return createStore<RunStoreState>()((set) => ({
    ...emptyRunView(),
    breakpoints: init.breakpoints ?? [],
    setRun: (runId) => set(emptyRunView(runId)),
    toggleBreakpoint: (nodeId) =>
      set((s) => ({
        breakpoints: s.breakpoints.includes(nodeId) ? s.breakpoints.filter((b) => b !== nodeId) : [...s.breakpoints, nodeId],
      })),
    setBreakpoints: (nodeIds) => set({ breakpoints: [...new Set(nodeIds)] }),
  }));
}

const RunStoreContext = createContext<RunStore | null>(null);

/** Wrap the canvas and the debug panel in one of these (one store per editor). */
export function RunStoreProvider({ children, breakpoints }: { children: ReactNode; breakpoints?: string[] }) {
  const [store] = useState(() => createRunStore({ breakpoints }));
  return createElement(RunStoreContext.Provider, { value: store }, children);
}

/** A store that never changes, so the canvas hooks work (inert) outside a provider. */
const inertStore = createRunStore();

export function useRunStoreApi(): RunStore {
  const store = useContext(RunStoreContext);
  if (!store) throw new Error('useRunStore must be used inside <RunStoreProvider>');
  return store;
}

export function useRunStore<T>(selector: (s: RunStoreState) => T): T {
  return useStore(useRunStoreApi(), selector);
}

function useOptionalStore<T>(selector: (s: RunStoreState) => T): T {
  return useStore(useContext(RunStoreContext) ?? inertStore, selector);
}

// ---------------------------------------------------------------- canvas hooks (one line each)

/** The node's status in the current run: put it on the node root as `data-run-status`. */
export function useNodeRunStatus(nodeId: string): NodeRunStatus | undefined {
  return useOptionalStore((s) => s.nodeStatus[nodeId]);
}

/** Whether a breakpoint is set on the node. */
export function useBreakpoint(nodeId: string): boolean {
  return useOptionalStore((s) => s.breakpoints.includes(nodeId));
}

/** `toggleBreakpoint(nodeId)`, stable across renders. */
export function useToggleBreakpoint(): (nodeId: string) => void {
  return useOptionalStore((s) => s.toggleBreakpoint);
}

/**
 * The edge from `source` to `target` if the current run took it (with the branch chosen and how
 * many times), else undefined; `latest` is true for the edge taken most recently.
 */
export function useEdgeRun(source: string, target: string): (TakenEdge & { latest: boolean }) | undefined {
  const key = edgeKey(source, target);
  const taken = useOptionalStore((s) => s.takenEdges[key]);
  const latest = useOptionalStore((s) => s.lastEdge === key);
  return taken ? { ...taken, latest } : undefined;
}
