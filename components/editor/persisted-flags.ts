'use client';
/**
 * On/off settings of the editor's layout that survive a reload (localStorage), shared by every
 * component that reads them (one in-memory value per flag, subscribers re-render on change).
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface PersistedFlag {
  get(): boolean;
  set(v: boolean): void;
}

const flags = new Map<string, { value: boolean | null; initial: boolean; listeners: Set<() => void> }>();

function entry(key: string, initial: boolean) {
  let e = flags.get(key);
  if (!e) flags.set(key, (e = { value: null, initial, listeners: new Set() }));
  return e;
}

function read(key: string, initial: boolean): boolean {
  const e = entry(key, initial);
  if (e.value === null) {
    try {
      const v = window.localStorage.getItem(key);
      e.value = v === null ? initial : v === '1';
    } catch {
      e.value = initial;
    }
  }
  return e.value;
}

function write(key: string, initial: boolean, v: boolean): void {
  const e = entry(key, initial);
  if (e.value === v) return;
  e.value = v;
  try {
    window.localStorage.setItem(key, v ? '1' : '0');
  } catch {
    /* private mode: not remembered */
  }
  for (const l of e.listeners) l();
}

function flag(key: string, initial: boolean) {
  const subscribe = (l: () => void) => {
    const e = entry(key, initial);
    e.listeners.add(l);
    return () => void e.listeners.delete(l);
  };
  const get = () => read(key, initial);
  const set = (v: boolean) => write(key, initial, v);
  const server = () => initial;
  function useFlag(): [boolean, (v: boolean | ((cur: boolean) => boolean)) => void] {
    const value = useSyncExternalStore(subscribe, get, server);
    const update = useCallback((v: boolean | ((cur: boolean) => boolean)) => set(typeof v === 'function' ? v(get()) : v), []);
    return [value, update];
  }
  return { get, set, useFlag };
}

/** The run panel below the canvas: folded on a first visit, then as the user left it (opens itself on a run). */
export const runPanelOpen = flag('switchyard.run-panel-open', false);
/** Run focus: the trace takes most of the height, the canvas a strip above it. */
export const runFocus = flag('switchyard.run-focus', false);
export const paletteOpen = flag('switchyard.palette-open', true);
export const inspectorOpen = flag('switchyard.inspector-open', true);
export const minimapShown = flag('switchyard.minimap', true);
