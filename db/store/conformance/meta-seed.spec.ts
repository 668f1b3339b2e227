/** The MetaRepository contract and first-start seeding (db/store/ports-settings.ts). */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import { codeOf, doc, outcomes } from './fixtures';

export function metaSpecs(store: () => Store): void {
  const meta = () => store().meta;

  describe('meta.get and set', () => {
    it('sets, overwrites and reads a value; null for an unknown key', async () => {
      expect(await meta().get('k')).toBeNull();
      await meta().set('k', 'one');
      await meta().set('k', 'two');
      expect(await meta().get('k')).toBe('two');
      expect(await meta().get('bad\0')).toBeNull();
    });
    it('refuses a NUL character with bad_request', async () => {
      expect(await codeOf(meta().set('k', 'a\0'))).toBe('bad_request');
      expect(await codeOf(meta().set('k\0', 'a'))).toBe('bad_request');
      expect(await meta().get('k')).toBeNull();
    });
  });
}

export function seedSpecs(store: () => Store): void {
  const seed = (names: string[]) => store().seedExamples(names.map((n) => doc(n)));
  const names = async () => (await store().graphs.list([DEFAULT_WORKSPACE_ID])).map((g) => g.name).sort();

  describe('seedExamples', () => {
    it('saves the examples once with the examples_seeded flag; a deleted example does not come back', async () => {
      expect(await seed(['ex-a', 'ex-b'])).toEqual({ ran: true, seeded: ['ex-a', 'ex-b'] });
      expect(await store().meta.get('examples_seeded')).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((await store().graphs.getByName('ex-a', DEFAULT_WORKSPACE_ID))?.version).toBe(1);
      await store().graphs.delete((await store().graphs.getByName('ex-a', DEFAULT_WORKSPACE_ID))!.id);
      expect(await seed(['ex-a', 'ex-b', 'ex-c'])).toEqual({ ran: false, seeded: [] });
      expect(await names()).toEqual(['ex-b']);
    });
    it('leaves a graph whose name is taken alone', async () => {
      const mine = await store().graphs.create(doc('ex-a', { description: 'mine' }), DEFAULT_WORKSPACE_ID);
      expect(await seed(['ex-a', 'ex-b'])).toEqual({ ran: true, seeded: ['ex-b'] });
      expect((await store().graphs.get(mine.id))?.description).toBe('mine');
    });
    it('of seedings racing, exactly one seeds', async () => {
      const results = await Promise.all([seed(['ex-a', 'ex-b']), seed(['ex-a', 'ex-b']), seed(['ex-a', 'ex-b'])]);
      expect(results.filter((r) => r.ran)).toEqual([{ ran: true, seeded: ['ex-a', 'ex-b'] }]);
      expect(await names()).toEqual(['ex-a', 'ex-b']);
    });
    it('an example that cannot be stored fails the whole seeding: no graph and no flag written', async () => {
      const results = await Promise.allSettled([store().seedExamples([doc('ex-a'), doc('ex-b', { description: 'a\0b' })])]);
      expect(outcomes(results)).toEqual({ fulfilled: 0, codes: ['bad_request'] });
      expect(await names()).toEqual([]);
      expect(await store().meta.get('examples_seeded')).toBeNull();
    });
  });
}
