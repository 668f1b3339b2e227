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

/** A flag's value before the user set it: fixed, or worked out in the browser (e.g. from the window's width). */
type Initial = boolean | (() => boolean);

const flags = new Map<string, { value: boolean | null; initial: Initial; listeners: Set<() => void> }>();

const resolve = (initial: Initial): boolean => (typeof initial === 'function' ? initial() : initial);

function entry(key: string, initial: Initial) {
  let e = flags.get(key);
  if (!e) flags.set(key, (e = { value: null, initial, listeners: new Set() }));
  return e;
}

function read(key: string, initial: Initial): boolean {
  const e = entry(key, initial);
  if (e.value === null) {
    try {
      const v = window.localStorage.getItem(key);
      e.value = v === null ? resolve(initial) : v === '1';
    } catch {
      e.value = resolve(initial);
    }
  }
  return e.value;
}

/** True once the user chose a value (it is in localStorage), false while the flag is at its initial value. */
function chosen(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function write(key: string, initial: Initial, v: boolean, remember = true): void {
  const e = entry(key, initial);
  if (e.value === v) return;
  e.value = v;
  if (remember) {
    try {
      window.localStorage.setItem(key, v ? '1' : '0');
    } catch {
      /* private mode: not remembered */
    }
  }
  for (const l of e.listeners) l();
}

function flag(key: string, initial: Initial, serverValue = typeof initial === 'boolean' ? initial : true) {
  const subscribe = (l: () => void) => {
    const e = entry(key, initial);
    e.listeners.add(l);
    return () => void e.listeners.delete(l);
  };
  const get = () => read(key, initial);
  const set = (v: boolean) => write(key, initial, v);
  const server = () => serverValue;
  function useFlag(): [boolean, (v: boolean | ((cur: boolean) => boolean)) => void] {
    const value = useSyncExternalStore(subscribe, get, server);
    const update = useCallback((v: boolean | ((cur: boolean) => boolean)) => set(typeof v === 'function' ? v(get()) : v), []);
    return [value, update];
  }
  /** Changes the value for this page only: a reload is back at the user's choice (or the initial value). */
  const setForNow = (v: boolean) => write(key, initial, v, false);
  return { get, set, setForNow, useFlag, chosen: () => chosen(key) };
}

/** Below this window width the side panels start folded, so the canvas and the run panel keep room. */
export const WIDE_LAYOUT_PX = 1440;
const wide = () => typeof window === 'undefined' || window.innerWidth >= WIDE_LAYOUT_PX;

/** The run panel below the canvas: folded on a first visit, then as the user left it (opens itself on a run). */
export const runPanelOpen = flag('switchyard.run-panel-open', false);
/** Run focus: the trace takes most of the height, the canvas a strip above it. */
export const runFocus = flag('switchyard.run-focus', false);
/** The side panels: open on a wide window, folded below WIDE_LAYOUT_PX until the user opens them (then remembered). */
export const paletteOpen = flag('switchyard.palette-open', wide);
export const inspectorOpen = flag('switchyard.inspector-open', wide);
export const minimapShown = flag('switchyard.minimap', true);
