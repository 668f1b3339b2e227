/**
 * Unsaved edits kept in localStorage, so that a failed save (or an invalid graph the server refuses)
 * never loses an edit, even across a reload. A draft is only offered back while the server copy is the
 * one it was based on.
 */
import type { GraphDocument } from '@/lib/graph/schema';

export interface Draft {
  doc: GraphDocument;
  base: string;
}

const key = (graphId: string) => `switchyard:draft:${graphId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function saveDraft(graphId: string, draft: Draft): void {
  try {
    storage()?.setItem(key(graphId), JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: the edit is still in memory.
  }
}

export function clearDraft(graphId: string): void {
  storage()?.removeItem(key(graphId));
}

/** The draft for this graph if it was based on `base` (the server's updated_at), else null (and dropped). */
export function takeDraft(graphId: string, base: string): Draft | null {
  const raw = storage()?.getItem(key(graphId));
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Draft;
    if (d && d.base === base && d.doc && typeof d.doc === 'object') return d;
  } catch {
    // fall through
  }
  clearDraft(graphId);
  return null;
}
