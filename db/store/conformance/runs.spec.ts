/** The RunRepository contract (db/store/run-ports.ts): one describe per method, failure cases included. */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import { newRunId } from '@/db/runs';
import type { Store } from '../ports';
import { codeOf, doc } from './fixtures';

export function runSpecs(store: () => Store): void {
  const runs = () => store().runs;
  const graph = () => store().graphs.create(doc(`g-${newRunId()}`), DEFAULT_WORKSPACE_ID);
  const newRun = (g: { id: string; name: string; version: number }, extra: Partial<Parameters<Store['runs']['insert']>[0]> = {}) =>
    runs().insert({ id: newRunId(), graphId: g.id, graphName: g.name, graphVersion: g.version, input: 'hi', source: 'api', ...extra });

  describe('runs.insert', () => {
    it('inserts a queued run and answers its row with the types it was written with', async () => {
      const g = await graph();
      const r = await newRun(g, { inputs: { topic: 'x' }, breakpoints: ['writer'], conversationId: 'c1', connectionOverride: 'demo' });
      expect([r.status, r.graphId, r.graphVersion, r.input, r.source, r.conversationId, r.connectionOverride]).toEqual(['queued', g.id, 1, 'hi', 'api', 'c1', 'demo']);
      expect(r.inputs).toEqual({ topic: 'x' });
      expect(r.breakpoints).toEqual(['writer']);
      expect(r.createdAt).toBeInstanceOf(Date);
      expect([r.output, r.error, r.usage, r.startedAt, r.finishedAt, r.parentRunId]).toEqual([null, null, null, null, null, null]);
      expect(await runs().get(r.id)).toEqual(r);
    });
    it('keeps a fork\'s parent and step', async () => {
      const g = await graph();
      const parent = await newRun(g);
      const fork = await newRun(g, { parentRunId: parent.id, forkedFromStep: 2, origin: 'fork' });
      expect([fork.parentRunId, fork.forkedFromStep, fork.origin]).toEqual([parent.id, 2, 'fork']);
    });
    it('is not_found for an unknown graph and conflict for a taken id, writing nothing', async () => {
      const g = await graph();
      expect(await codeOf(runs().insert({ id: newRunId(), graphId: 'missing', graphName: 'x', graphVersion: 1, input: '', source: 'ui' }))).toBe('not_found');
      const r = await newRun(g);
      expect(await codeOf(newRun(g, { id: r.id, input: 'other' }))).toBe('conflict');
      expect((await runs().get(r.id))?.input).toBe('hi');
      expect(await runs().listForGraph(g.id)).toHaveLength(1);
    });
  });

  describe('runs.get', () => {
    it('is undefined for an unknown id, also one no row can have', async () => {
      expect(await runs().get('missing')).toBeUndefined();
      expect(await runs().get('bad\0id')).toBeUndefined();
    });
  });

  describe('runs.listForGraph', () => {
    it('lists the graph\'s runs newest first, up to the limit, and nothing for an unknown graph', async () => {
      const g = await graph();
      const other = await graph();
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await newRun(g)).id);
      await newRun(other);
      expect((await runs().listForGraph(g.id)).map((r) => r.id)).toEqual([...ids].reverse());
      expect((await runs().listForGraph(g.id, 2)).map((r) => r.id)).toEqual([ids[2], ids[1]]);
      expect(await runs().listForGraph('missing')).toEqual([]);
    });
  });

  describe('runs.listWithStatus', () => {
    it('lists the runs in any of the statuses', async () => {
      const g = await graph();
      const a = await newRun(g);
      const b = await newRun(g);
      await newRun(g);
      await runs().update(a.id, { status: 'running' });
      await runs().update(b.id, { status: 'paused' });
      expect((await runs().listWithStatus(['running', 'paused'])).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
      expect(await runs().listWithStatus(['failed'])).toEqual([]);
    });
  });

  describe('runs.update', () => {
    it('sets the given columns, leaves undefined ones, and clears those set to null', async () => {
      const g = await graph();
      const r = await newRun(g);
      const at = new Date(1_700_000_000_000);
      await runs().update(r.id, { status: 'failed', output: { answer: 'x' }, error: { code: 'boom', message: 'it broke' }, usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3, cost_usd: 0.5 }, startedAt: at, finishedAt: at });
      await runs().update(r.id, { error: null, finishedAt: null, status: undefined });
      const row = (await runs().get(r.id))!;
      expect([row.status, row.output, row.error, row.finishedAt]).toEqual(['failed', { answer: 'x' }, null, null]);
      expect(row.usage).toEqual({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3, cost_usd: 0.5 });
      expect(row.startedAt).toEqual(at);
    });
    it('leaves an unknown run alone (no error, no row)', async () => {
      await runs().update('missing', { status: 'failed' });
      expect(await runs().get('missing')).toBeUndefined();
    });
  });

  describe('runs.transition', () => {
    it('changes the run only from one of the given statuses', async () => {
      const g = await graph();
      const r = await newRun(g);
      expect(await runs().transition(r.id, ['running'], { status: 'cancelled' })).toBe(false);
      expect((await runs().get(r.id))?.status).toBe('queued');
      expect(await runs().transition(r.id, ['queued', 'running'], { status: 'cancelled', finishedAt: new Date() })).toBe(true);
      const row = (await runs().get(r.id))!;
      expect(row.status).toBe('cancelled');
      expect(row.finishedAt).toBeInstanceOf(Date);
    });
    it('lets exactly one of two racing transitions from the same status win', async () => {
      const g = await graph();
      const r = await newRun(g);
      const won = await Promise.all([runs().transition(r.id, ['queued'], { status: 'running' }), runs().transition(r.id, ['queued'], { status: 'cancelled' })]);
      expect(won.filter(Boolean)).toHaveLength(1);
    });
    it('is false for an unknown run', async () => {
      expect(await runs().transition('missing', ['queued'], { status: 'running' })).toBe(false);
    });
  });
}
