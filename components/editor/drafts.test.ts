import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { clearDraft, saveDraft, takeDraft } from './drafts';

const doc: GraphDocument = { switchyard: 1, name: 'g', nodes: {}, edges: [] };

describe('local drafts of unsaved edits', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    const localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    (globalThis as { window?: unknown }).window = { localStorage };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('gives back a draft made on top of the same server version', () => {
    saveDraft('g1', { doc, base: 'v1' });
    expect(takeDraft('g1', 'v1')).toEqual({ doc, base: 'v1' });
  });

  it('drops a draft when the server copy has changed since (never overwrites newer work)', () => {
    saveDraft('g1', { doc, base: 'v1' });
    expect(takeDraft('g1', 'v2')).toBeNull();
    expect(store.size).toBe(0);
  });

  it('drops garbage and keeps drafts of other graphs apart', () => {
    store.set('switchyard:draft:g1', '{not json');
    saveDraft('g2', { doc, base: 'v1' });
    expect(takeDraft('g1', 'v1')).toBeNull();
    expect(takeDraft('g2', 'v1')?.doc).toEqual(doc);
    clearDraft('g2');
    expect(takeDraft('g2', 'v1')).toBeNull();
  });
});
