/** The GraphRepository contract (db/store/ports.ts): one describe per method, failure cases included. */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { COALESCE_MS } from '../graph-rules';
import type { Store } from '../ports';
import { codeOf, doc, moved, outcomes, seedRun } from './fixtures';

export function graphSpecs(store: () => Store): void {
  const graphs = () => store().graphs;
  const versions = () => store().versions;

  describe('graphs.list', () => {
    it('is empty on an empty store', async () => {
      expect(await graphs().list([DEFAULT_WORKSPACE_ID])).toEqual([]);
    });
    it('lists the newest update first, with the number of nodes and the current version', async () => {
      const a = await graphs().create(doc('alpha', { description: 'first' }), DEFAULT_WORKSPACE_ID);
      await graphs().create(doc('beta'), DEFAULT_WORKSPACE_ID);
      await graphs().saveEdit(a.id, doc('alpha', { description: 'first', nodes: { only: { role: 'human', prompt: '?' } }, edges: [{ from: 'START', to: 'only' }, { from: 'only', to: 'END' }] }), { at: new Date(Date.now() + 1000) });
      const list = await graphs().list([DEFAULT_WORKSPACE_ID]);
      expect(list.map((g) => [g.name, g.roles, g.version, g.description])).toEqual([
        ['alpha', 1, 2, 'first'],
        ['beta', 3, 1, null],
      ]);
      expect(list[0]!.updatedAt).toBeInstanceOf(Date);
    });
  });

  describe('graphs.get', () => {
    it('reads the row back with the types it was written with', async () => {
      const created = await graphs().create(doc('typed', { description: 'd' }), DEFAULT_WORKSPACE_ID);
      const row = await graphs().get(created.id);
      expect(row).toEqual(created);
      expect(row!.createdAt).toBeInstanceOf(Date);
      expect(row!.document).toEqual(doc('typed', { description: 'd' }));
      expect(row!.draft).toBeNull();
    });
    it('answers null for an unknown id, and for one no database can hold (NUL)', async () => {
      expect(await graphs().get('no-such-graph')).toBeNull();
      expect(await graphs().get('bad\0id')).toBeNull();
    });
  });

  describe('graphs.getByName', () => {
    it('finds by exact name; null otherwise', async () => {
      const g = await graphs().create(doc('named'), DEFAULT_WORKSPACE_ID);
      expect((await graphs().getByName('named', DEFAULT_WORKSPACE_ID))?.id).toBe(g.id);
      expect(await graphs().getByName('NAMED', DEFAULT_WORKSPACE_ID)).toBeNull();
      expect(await graphs().getByName('nam\0ed', DEFAULT_WORKSPACE_ID)).toBeNull();
    });
  });

  describe('graphs.find', () => {
    it('finds by id, then by name; null for neither', async () => {
      const g = await graphs().create(doc('findme'), DEFAULT_WORKSPACE_ID);
      expect((await graphs().find(g.id, DEFAULT_WORKSPACE_ID))?.name).toBe('findme');
      expect((await graphs().find('findme', DEFAULT_WORKSPACE_ID))?.id).toBe(g.id);
      expect(await graphs().find('nothing', DEFAULT_WORKSPACE_ID)).toBeNull();
    });
  });

  describe('graphs.create', () => {
    it('saves the graph with version 1', async () => {
      const g = await graphs().create(doc('fresh'), DEFAULT_WORKSPACE_ID);
      expect(g.version).toBe(1);
      expect((await versions().list(g.id))?.map((v) => v.version)).toEqual([1]);
    });
    it('refuses a taken name with conflict, writing nothing', async () => {
      await graphs().create(doc('taken'), DEFAULT_WORKSPACE_ID);
      expect(await codeOf(graphs().create(doc('taken'), DEFAULT_WORKSPACE_ID))).toBe('conflict');
      expect((await graphs().list([DEFAULT_WORKSPACE_ID])).length).toBe(1);
    });
    it('lets exactly one of concurrent creates of one name through; the others get conflict', async () => {
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => graphs().create(doc('race'), DEFAULT_WORKSPACE_ID)));
      expect(outcomes(results)).toEqual({ fulfilled: 1, codes: ['conflict', 'conflict', 'conflict'] });
      const [g] = await graphs().list([DEFAULT_WORKSPACE_ID]);
      expect(await versions().list(g!.id)).toHaveLength(1);
    });
    it('refuses text a store cannot hold (NUL) with bad_request, naming where, writing nothing', async () => {
      const err = await graphs().create(doc('nul\0name'), DEFAULT_WORKSPACE_ID).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('bad_request');
      expect((err as AppError).message).toMatch(/graph name.*NUL/);
      expect(await codeOf(graphs().create(doc('nul-doc', { description: 'a\0b' }), DEFAULT_WORKSPACE_ID))).toBe('bad_request');
      expect(await graphs().list([DEFAULT_WORKSPACE_ID])).toEqual([]);
    });
  });

  describe('graphs.update', () => {
    it('appends a version with the new document', async () => {
      const g = await graphs().create(doc('upd'), DEFAULT_WORKSPACE_ID);
      const u = await graphs().update(g.id, doc('upd', { description: 'v2' }));
      expect(u.version).toBe(2);
      expect((await versions().get(g.id, 2))?.document.description).toBe('v2');
      expect((await graphs().get(g.id))?.description).toBe('v2');
    });
    it('is not_found for an unknown graph', async () => {
      expect(await codeOf(graphs().update('missing', doc('x')))).toBe('not_found');
    });
    it('refuses a rename onto another graph with conflict, leaving both as they were', async () => {
      await graphs().create(doc('one'), DEFAULT_WORKSPACE_ID);
      const two = await graphs().create(doc('two'), DEFAULT_WORKSPACE_ID);
      expect(await codeOf(graphs().update(two.id, doc('one')))).toBe('conflict');
      expect((await graphs().get(two.id))?.version).toBe(1);
      expect(await versions().list(two.id)).toHaveLength(1);
    });
    it('gives concurrent updates of one graph consecutive versions, none lost', async () => {
      const g = await graphs().create(doc('busy'), DEFAULT_WORKSPACE_ID);
      const results = await Promise.allSettled([1, 2, 3, 4, 5].map((i) => graphs().update(g.id, doc('busy', { description: `edit ${i}` }))));
      expect(outcomes(results)).toEqual({ fulfilled: 5, codes: [] });
      const list = (await versions().list(g.id))!;
      expect(list.map((v) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
      expect(new Set(list.slice(0, 5).map((v) => v.document.description))).toEqual(new Set([1, 2, 3, 4, 5].map((i) => `edit ${i}`)));
      expect((await graphs().get(g.id))?.version).toBe(6);
    });
  });

  describe('graphs.saveEdit', () => {
    it('reports an identical document as unchanged and clears a draft', async () => {
      const g = await graphs().create(doc('same'), DEFAULT_WORKSPACE_ID);
      await graphs().saveDraft(g.id, { broken: true }, []);
      const r = await graphs().saveEdit(g.id, doc('same'));
      expect(r.outcome).toBe('unchanged');
      expect((await graphs().get(g.id))?.draft).toBeNull();
    });
    it('updates the current version in place for a layout-only edit', async () => {
      const g = await graphs().create(doc('lay'), DEFAULT_WORKSPACE_ID);
      const r = await graphs().saveEdit(g.id, moved(doc('lay'), 40));
      expect([r.outcome, r.graph.version]).toEqual(['layout', 1]);
      expect((await versions().get(g.id, 1))?.document.layout).toEqual({ writer: { x: 40, y: 0 } });
    });
    it('lets an autosave replace the autosaved version within the quiet period, and append after it', async () => {
      const g = await graphs().create(doc('auto'), DEFAULT_WORKSPACE_ID);
      const t0 = new Date('2026-01-01T00:00:00Z');
      expect((await graphs().saveEdit(g.id, doc('auto', { description: 'a' }), { autosave: true, at: t0 })).outcome).toBe('version');
      const within = new Date(t0.getTime() + COALESCE_MS - 1);
      expect((await graphs().saveEdit(g.id, doc('auto', { description: 'b' }), { autosave: true, at: within })).outcome).toBe('coalesced');
      const after = new Date(within.getTime() + COALESCE_MS);
      const last = await graphs().saveEdit(g.id, doc('auto', { description: 'c' }), { autosave: true, at: after });
      expect([last.outcome, last.graph.version]).toEqual(['version', 3]);
      expect((await versions().get(g.id, 2))?.document.description).toBe('b');
    });
    it('never replaces a version a run used, nor one with a note', async () => {
      const g = await graphs().create(doc('used'), DEFAULT_WORKSPACE_ID);
      const t0 = new Date('2026-01-01T00:00:00Z');
      const v2 = (await graphs().saveEdit(g.id, doc('used', { description: 'a' }), { autosave: true, at: t0 })).graph;
      await seedRun(v2);
      const r = await graphs().saveEdit(g.id, doc('used', { description: 'b' }), { autosave: true, at: new Date(t0.getTime() + 1) });
      expect([r.outcome, r.graph.version]).toEqual(['version', 3]);
      await graphs().saveNamedVersion(g.id, 'keep me');
      const n = await graphs().saveEdit(g.id, doc('used', { description: 'c' }), { autosave: true, at: new Date(t0.getTime() + 2) });
      expect(n.outcome).toBe('version');
    });
    it('is not_found for an unknown graph, conflict for a taken name', async () => {
      expect(await codeOf(graphs().saveEdit('missing', doc('x')))).toBe('not_found');
      await graphs().create(doc('mine'), DEFAULT_WORKSPACE_ID);
      const other = await graphs().create(doc('other'), DEFAULT_WORKSPACE_ID);
      expect(await codeOf(graphs().saveEdit(other.id, doc('mine')))).toBe('conflict');
    });
  });

  describe('graphs.saveDraft', () => {
    it('keeps the draft with its problems next to the valid document', async () => {
      const g = await graphs().create(doc('drafty'), DEFAULT_WORKSPACE_ID);
      const at = new Date('2026-02-03T04:05:06Z');
      const row = await graphs().saveDraft(g.id, { name: 'drafty', nodes: 'oops' }, [{ path: ['nodes'], message: 'bad' } as never], at);
      expect(row.draft).toEqual({ document: { name: 'drafty', nodes: 'oops' }, problems: [{ path: ['nodes'], message: 'bad' }], updatedAt: at.getTime() });
      expect((await graphs().get(g.id))?.draft).toEqual(row.draft);
      expect((await graphs().get(g.id))?.document).toEqual(doc('drafty'));
    });
    it('is not_found for an unknown graph; bad_request for a NUL', async () => {
      expect(await codeOf(graphs().saveDraft('missing', {}, []))).toBe('not_found');
      const g = await graphs().create(doc('nul-draft'), DEFAULT_WORKSPACE_ID);
      expect(await codeOf(graphs().saveDraft(g.id, { text: 'a\0' }, []))).toBe('bad_request');
      expect((await graphs().get(g.id))?.draft).toBeNull();
    });
  });

  describe('graphs.saveNamedVersion', () => {
    it('appends a version with the note, of the current document by default', async () => {
      const g = await graphs().create(doc('noted'), DEFAULT_WORKSPACE_ID);
      const r = await graphs().saveNamedVersion(g.id, 'release 1');
      expect(r.version).toBe(2);
      const v = await versions().get(g.id, 2);
      expect([v?.note, v?.auto, v?.document]).toEqual(['release 1', false, doc('noted')]);
    });
    it('is not_found for an unknown graph', async () => {
      expect(await codeOf(graphs().saveNamedVersion('missing', 'n'))).toBe('not_found');
    });
  });

  describe('graphs.delete', () => {
    it('deletes the graph and its versions; false the second time', async () => {
      const g = await graphs().create(doc('gone'), DEFAULT_WORKSPACE_ID);
      await graphs().update(g.id, doc('gone', { description: 'v2' }));
      expect(await graphs().delete(g.id)).toBe(true);
      expect(await graphs().get(g.id)).toBeNull();
      expect(await versions().list(g.id)).toBeNull();
      expect(await versions().get(g.id, 1)).toBeNull();
      expect(await graphs().delete(g.id)).toBe(false);
      expect(await graphs().delete('bad\0id')).toBe(false);
    });
  });

  describe('graphs.import', () => {
    it('creates a new graph', async () => {
      const r = await graphs().import(doc('imp'), DEFAULT_WORKSPACE_ID);
      expect([r.created, r.graph.version]).toEqual([true, 1]);
    });
    it('refuses a taken name with conflict naming the existing graph', async () => {
      const g = await graphs().create(doc('imp'), DEFAULT_WORKSPACE_ID);
      const err = await graphs().import(doc('imp'), DEFAULT_WORKSPACE_ID).catch((e: unknown) => e);
      expect((err as AppError).code).toBe('conflict');
      expect((err as AppError).details).toEqual({ id: g.id });
    });
    it('with overwrite appends a version to the graph of that name', async () => {
      const g = await graphs().create(doc('imp'), DEFAULT_WORKSPACE_ID);
      const r = await graphs().import(doc('imp', { description: 'new' }), DEFAULT_WORKSPACE_ID, { overwrite: true });
      expect([r.created, r.graph.id, r.graph.version]).toEqual([false, g.id, 2]);
    });
    it('as a copy takes the next free name, also for concurrent imports', async () => {
      await graphs().create(doc('imp'), DEFAULT_WORKSPACE_ID);
      const results = await Promise.all([1, 2, 3].map(() => graphs().import(doc('imp'), DEFAULT_WORKSPACE_ID, { asCopy: true })));
      expect(results.map((r) => r.graph.name).sort()).toEqual(['imp-2', 'imp-3', 'imp-4']);
    });
  });

  describe('graphs.uniqueName', () => {
    it('is the base when free, else the next numbered name within 80 characters', async () => {
      expect(await graphs().uniqueName('free', DEFAULT_WORKSPACE_ID)).toBe('free');
      await graphs().create(doc('free'), DEFAULT_WORKSPACE_ID);
      await graphs().create(doc('free-2'), DEFAULT_WORKSPACE_ID);
      expect(await graphs().uniqueName('free', DEFAULT_WORKSPACE_ID)).toBe('free-3');
      const long = 'x'.repeat(80);
      await graphs().create(doc(long), DEFAULT_WORKSPACE_ID);
      expect(await graphs().uniqueName(long, DEFAULT_WORKSPACE_ID)).toBe(`${'x'.repeat(78)}-2`);
    });
  });
}
