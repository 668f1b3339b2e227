'use client';
/**
 * The CEL compile error of an expression, for the canvas and the inspector. The CEL compiler loads
 * on first use (the first condition shown), outside the editor's first-load JS; until then: no error.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';

type CelModule = typeof import('@/lib/graph/cel');

let cel: CelModule | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('@/lib/graph/cel').then((m) => {
    cel = m;
    for (const l of listeners) l();
  });
}
function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => void listeners.delete(l);
}
const loaded = () => cel !== null;
const notLoaded = () => false;

/** null: no expression, or it compiles (or the compiler is still loading). */
export function useCelError(expr: string | null | undefined): string | null {
  const ready = useSyncExternalStore(subscribe, loaded, notLoaded);
  const wanted = !!expr && !!expr.trim();
  useEffect(() => {
    if (wanted) load();
  }, [wanted]);
  return useMemo(() => (ready && cel && wanted ? (cel.checkCel(expr!)?.message ?? null) : null), [ready, wanted, expr]);
}
