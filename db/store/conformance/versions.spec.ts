/** The GraphVersionRepository contract (db/store/ports.ts). */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import { doc } from './fixtures';

export function versionSpecs(store: () => Store): void {
  const graphs = () => store().graphs;
  const versions = () => store().versions;

  describe('versions.list', () => {
    it('lists every version newest first, with note, autosave flag and document', async () => {
      const g = await graphs().create(doc('hist'), DEFAULT_WORKSPACE_ID);
      await graphs().saveEdit(g.id, doc('hist', { description: 'auto' }), { autosave: true });
      await graphs().saveNamedVersion(g.id, 'named');
      const list = (await versions().list(g.id))!;
      expect(list.map((v) => [v.version, v.note, v.auto, v.document.description ?? null])).toEqual([
        [3, 'named', false, 'auto'],
        [2, null, true, 'auto'],
        [1, null, false, null],
      ]);
      expect(list[2]!.createdAt).toBeInstanceOf(Date);
      expect(list[2]!.updatedAt).toBeNull();
    });
    it('is null for an unknown graph (not an empty history)', async () => {
      expect(await versions().list('missing')).toBeNull();
      expect(await versions().list('bad\0id')).toBeNull();
    });
  });

  describe('versions.get', () => {
    it('reads one version', async () => {
      const g = await graphs().create(doc('one'), DEFAULT_WORKSPACE_ID);
      const v = await versions().get(g.id, 1);
      expect([v?.graphId, v?.version, v?.auto, v?.note]).toEqual([g.id, 1, false, null]);
      expect(v?.document).toEqual(doc('one'));
    });
    it('is null for an unknown graph or version, and for numbers that name no version', async () => {
      const g = await graphs().create(doc('two'), DEFAULT_WORKSPACE_ID);
      expect(await versions().get(g.id, 2)).toBeNull();
      expect(await versions().get('missing', 1)).toBeNull();
      for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 60]) expect(await versions().get(g.id, bad)).toBeNull();
    });
  });
}
