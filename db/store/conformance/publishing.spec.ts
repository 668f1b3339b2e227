/** The PublicationRepository and ShareRepository contracts (db/store/ports-publishing.ts), failure cases included. */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import { newRunId } from '@/db/runs';
import type { ShareSettings, Store } from '../ports';
import { codeOf, doc } from './fixtures';

const settings = (token: string, extra: Partial<ShareSettings> = {}): ShareSettings => ({
  access: 'link',
  token,
  welcome: 'Hello',
  suggestions: ['What can you do?'],
  allowedOrigins: ['https://shop.example'],
  visitorPerMinute: 5,
  dailyCostUsd: 2.5,
  ...extra,
});

export function publishingSpecs(store: () => Store): void {
  const graphWithTwoVersions = async (name: string) => {
    const g = await store().graphs.create(doc(name), DEFAULT_WORKSPACE_ID);
    await store().graphs.saveNamedVersion(g.id, 'second', doc(name, { description: 'v2' }));
    return g;
  };

  describe('publications.publish, get and unpublish', () => {
    it('points the graph at a version with note, who and when; publishing an older one rolls back', async () => {
      const g = await graphWithTwoVersions('pub');
      expect(await store().publications.get(g.id)).toBeNull();
      const at = new Date('2026-01-02T03:04:05.000Z');
      const row = await store().publications.publish(g.id, { version: 2, note: 'launch', publishedBy: 'user-1', at });
      expect(row).toEqual({ graphId: g.id, version: 2, note: 'launch', publishedBy: 'user-1', publishedAt: at });
      expect(await store().publications.get(g.id)).toEqual(row);
      await store().publications.publish(g.id, { version: 1, note: null, publishedBy: null });
      expect((await store().publications.get(g.id))?.version).toBe(1);
      expect(await store().publications.unpublish(g.id)).toBe(true);
      expect(await store().publications.get(g.id)).toBeNull();
      expect(await store().publications.unpublish(g.id)).toBe(false);
    });
    it('is not_found for an unknown graph or version and bad_request for a NUL, changing nothing', async () => {
      const g = await graphWithTwoVersions('pub-bad');
      await store().publications.publish(g.id, { version: 1, note: null, publishedBy: null });
      expect(await codeOf(store().publications.publish(g.id, { version: 3, note: null, publishedBy: null }))).toBe('not_found');
      expect(await codeOf(store().publications.publish(g.id, { version: 0, note: null, publishedBy: null }))).toBe('not_found');
      expect(await codeOf(store().publications.publish('missing', { version: 1, note: null, publishedBy: null }))).toBe('not_found');
      expect(await codeOf(store().publications.publish(g.id, { version: 2, note: 'a\0b', publishedBy: null }))).toBe('bad_request');
      expect((await store().publications.get(g.id))?.version).toBe(1);
      expect(await store().publications.get('x\0y')).toBeNull();
    });
    it('an autosave never rewrites the published version; the publication goes with its graph', async () => {
      const g = await store().graphs.create(doc('pub-auto'), DEFAULT_WORKSPACE_ID);
      const at = new Date();
      const first = await store().graphs.saveEdit(g.id, doc('pub-auto', { description: 'auto 1' }), { autosave: true, at });
      await store().publications.publish(g.id, { version: first.graph.version, note: null, publishedBy: null });
      const second = await store().graphs.saveEdit(g.id, doc('pub-auto', { description: 'auto 2' }), { autosave: true, at: new Date(at.getTime() + 1000) });
      expect(second.outcome).toBe('version');
      expect((await store().versions.get(g.id, first.graph.version))?.document.description).toBe('auto 1');
      expect(await store().graphs.delete(g.id)).toBe(true);
      expect(await store().publications.get(g.id)).toBeNull();
    });
  });

  describe('shares.put, get, byToken and publicSpend', () => {
    it('creates then replaces the settings; finds them by token', async () => {
      const g = await store().graphs.create(doc('share'), DEFAULT_WORKSPACE_ID);
      expect(await store().shares.get(g.id)).toBeNull();
      const row = await store().shares.put(g.id, settings('tok-1'));
      expect(await store().shares.get(g.id)).toEqual(row);
      expect((await store().shares.byToken('tok-1'))?.graphId).toBe(g.id);
      await store().shares.put(g.id, settings('tok-2', { access: 'off', dailyCostUsd: null, suggestions: [] }));
      expect(await store().shares.byToken('tok-1')).toBeNull();
      expect(await store().shares.get(g.id)).toMatchObject({ access: 'off', token: 'tok-2', dailyCostUsd: null, suggestions: [] });
      expect(await store().shares.byToken('x\0y')).toBeNull();
    });
    it('is not_found for an unknown graph, conflict for another graph\'s token, bad_request for a NUL', async () => {
      const a = await store().graphs.create(doc('share-a'), DEFAULT_WORKSPACE_ID);
      const b = await store().graphs.create(doc('share-b'), DEFAULT_WORKSPACE_ID);
      await store().shares.put(a.id, settings('taken'));
      expect(await codeOf(store().shares.put('missing', settings('free')))).toBe('not_found');
      expect(await codeOf(store().shares.put(b.id, settings('taken')))).toBe('conflict');
      expect(await codeOf(store().shares.put(b.id, settings('t', { welcome: 'a\0b' })))).toBe('bad_request');
      expect(await store().shares.get(b.id)).toBeNull();
    });
    it('publicSpend sums the cost of public runs of the graph since a time, other sources not counted', async () => {
      const g = await store().graphs.create(doc('share-spend'), DEFAULT_WORKSPACE_ID);
      const since = new Date(Date.now() - 60_000);
      expect(await store().shares.publicSpend(g.id, since)).toBe(0);
      for (const [source, usd] of [['public', 0.25], ['public', 0.5], ['api', 7]] as const) {
        const id = newRunId();
        await store().runs.insert({ id, graphId: g.id, graphName: g.name, graphVersion: 1, input: 'hi', source });
        await store().runs.update(id, { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, cost_usd: usd } });
      }
      expect(await store().shares.publicSpend(g.id, since)).toBeCloseTo(0.75);
      expect(await store().shares.publicSpend(g.id, new Date(Date.now() + 60_000))).toBe(0);
    });
  });
}
