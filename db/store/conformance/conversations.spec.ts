/** The ConversationRepository contract (db/store/ports-conversations.ts): one describe per method, failure cases included. */
import { describe, expect, it } from 'vitest';
import { newRunId } from '@/db/runs';
import { DEFAULT_WORKSPACE_ID } from '../ports-workspaces';
import type { Store } from '../ports';
import { codeOf, doc } from './fixtures';

export function conversationSpecs(store: () => Store): void {
  const convs = () => store().conversations;
  const graph = (name = `chat-${newRunId()}`, workspaceId = DEFAULT_WORKSPACE_ID) => store().graphs.create(doc(name), workspaceId);
  const turn = async (g: { id: string; name: string; version: number }, conversationId: string | null, input: string) => {
    const id = newRunId();
    await store().runs.insert({ id, graphId: g.id, graphName: g.name, graphVersion: g.version, input, source: 'chat', conversationId });
    return id;
  };
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

  describe('conversations.create and get', () => {
    it('keeps what was written; title, visitor and metadata default to null; created and updated are now', async () => {
      const g = await graph();
      const c = await convs().create({ id: 'conv_a', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat', metadata: { k: 'v' } });
      expect(c).toMatchObject({ id: 'conv_a', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, title: null, source: 'chat', visitorId: null, metadata: { k: 'v' } });
      expect(c.updatedAt.getTime()).toBe(c.createdAt.getTime());
      expect(await convs().get('conv_a')).toEqual(c);
      const loose = await convs().create({ id: 'conv_b', workspaceId: DEFAULT_WORKSPACE_ID, graphId: null, title: 'Free', source: 'openai', visitorId: 'v1' });
      expect([loose.graphId, loose.title, loose.visitorId, loose.metadata]).toEqual([null, 'Free', 'v1', null]);
    });
    it('conflict for a taken id; not_found for an unknown workspace, an unknown graph or a graph of another workspace; bad_request for a NUL; nothing written', async () => {
      const g = await graph();
      const other = await store().workspaces.create('Other');
      await convs().create({ id: 'conv_taken', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat' });
      expect(await codeOf(convs().create({ id: 'conv_taken', workspaceId: DEFAULT_WORKSPACE_ID, graphId: null, source: 'chat' }))).toBe('conflict');
      expect(await codeOf(convs().create({ id: 'conv_1', workspaceId: 'no-such-workspace', graphId: null, source: 'chat' }))).toBe('not_found');
      expect(await codeOf(convs().create({ id: 'conv_2', workspaceId: DEFAULT_WORKSPACE_ID, graphId: 'no-such-graph', source: 'chat' }))).toBe('not_found');
      expect(await codeOf(convs().create({ id: 'conv_3', workspaceId: other.id, graphId: g.id, source: 'chat' }))).toBe('not_found');
      expect(await codeOf(convs().create({ id: 'conv_4', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, title: 'a\0b', source: 'chat' }))).toBe('bad_request');
      for (const id of ['conv_1', 'conv_2', 'conv_3', 'conv_4']) expect(await convs().get(id)).toBeUndefined();
      expect((await convs().get('conv_taken'))?.graphId).toBe(g.id);
      expect(await convs().get('x\0y')).toBeUndefined();
    });
  });

  describe('conversations.list', () => {
    it('newest update first, kept to the scope and filtered by graph, source and visitor', async () => {
      const g = await graph();
      const h = await graph();
      const other = await store().workspaces.create('Other');
      const og = await graph('theirs', other.id);
      await convs().create({ id: 'conv_old', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat' });
      await convs().create({ id: 'conv_new', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'public', visitorId: 'visitor-1' });
      await convs().create({ id: 'conv_h', workspaceId: DEFAULT_WORKSPACE_ID, graphId: h.id, source: 'chat' });
      await convs().create({ id: 'conv_theirs', workspaceId: other.id, graphId: og.id, source: 'chat' });
      await convs().update('conv_old', { at: at(1) });
      await convs().update('conv_new', { at: at(2) });
      await convs().update('conv_h', { at: at(3) });
      await convs().update('conv_theirs', { at: at(4) });
      const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
      expect(ids(await convs().list([DEFAULT_WORKSPACE_ID]))).toEqual(['conv_h', 'conv_new', 'conv_old']);
      expect(ids(await convs().list([DEFAULT_WORKSPACE_ID], { graphId: g.id }))).toEqual(['conv_new', 'conv_old']);
      expect(ids(await convs().list([DEFAULT_WORKSPACE_ID], { graphId: g.id, source: 'chat' }))).toEqual(['conv_old']);
      expect(ids(await convs().list([DEFAULT_WORKSPACE_ID], { visitorId: 'visitor-1' }))).toEqual(['conv_new']);
      expect(ids(await convs().list([DEFAULT_WORKSPACE_ID], { limit: 1 }))).toEqual(['conv_h']);
      expect(ids(await convs().list([other.id], { graphId: g.id }))).toEqual([]);
      expect(ids(await convs().list([DEFAULT_WORKSPACE_ID], { graphId: og.id }))).toEqual([]);
      expect(ids(await convs().list([]))).toEqual([]);
      expect(ids(await convs().list([DEFAULT_WORKSPACE_ID], { graphId: 'a\0' }))).toEqual([]);
      expect(ids(await convs().list([DEFAULT_WORKSPACE_ID, other.id]))).toEqual(['conv_theirs', 'conv_h', 'conv_new', 'conv_old']);
    });
  });

  describe('conversations.update', () => {
    it('sets the title and metadata given (null clears), leaves the others alone, and moves updatedAt', async () => {
      const g = await graph();
      const c = await convs().create({ id: 'conv_u', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat', metadata: { a: '1' } });
      const renamed = await convs().update('conv_u', { title: 'Trip planning', at: at(10) });
      expect([renamed?.title, renamed?.metadata, renamed?.updatedAt.getTime(), renamed?.createdAt.getTime()]).toEqual(['Trip planning', { a: '1' }, at(10).getTime(), c.createdAt.getTime()]);
      expect((await convs().update('conv_u', { metadata: null }))?.metadata).toBeNull();
      expect((await convs().update('conv_u', { titleIfUnset: 'ignored' }))?.title).toBe('Trip planning');
      expect((await convs().update('conv_u', { title: null }))?.title).toBeNull();
      expect((await convs().update('conv_u', { titleIfUnset: 'First question' }))?.title).toBe('First question');
      expect((await convs().get('conv_u'))?.title).toBe('First question');
    });
    it('undefined for an unknown conversation; bad_request for a NUL, writing nothing', async () => {
      expect(await convs().update('conv_none', { title: 'x' })).toBeUndefined();
      expect(await convs().update('x\0', { title: 'x' })).toBeUndefined();
      const g = await graph();
      await convs().create({ id: 'conv_nul', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, title: 'kept', source: 'chat' });
      expect(await codeOf(convs().update('conv_nul', { title: 'a\0' }))).toBe('bad_request');
      expect((await convs().get('conv_nul'))?.title).toBe('kept');
    });
  });

  describe('conversations.turns', () => {
    it("the runs of its graph with its id, oldest first; not another graph's or workspace's runs of the same id", async () => {
      const g = await graph();
      const h = await graph();
      const other = await store().workspaces.create('Other');
      const og = await graph('theirs', other.id);
      await convs().create({ id: 'conv_t', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat' });
      const first = await turn(g, 'conv_t', 'My name is Ada');
      await turn(h, 'conv_t', 'another graph');
      await turn(og, 'conv_t', 'another workspace');
      await turn(g, 'conv_else', 'another conversation');
      const second = await turn(g, 'conv_t', 'What is my name?');
      expect((await convs().turns('conv_t')).map((r) => [r.id, r.input])).toEqual([
        [first, 'My name is Ada'],
        [second, 'What is my name?'],
      ]);
      await convs().create({ id: 'conv_loose', workspaceId: DEFAULT_WORKSPACE_ID, graphId: null, source: 'openai' });
      const a = await turn(g, 'conv_loose', 'a');
      const b = await turn(h, 'conv_loose', 'b');
      await turn(og, 'conv_loose', 'c');
      expect((await convs().turns('conv_loose')).map((r) => r.id)).toEqual([a, b]);
      expect(await convs().turns('conv_none')).toEqual([]);
      expect(await convs().turns('x\0')).toEqual([]);
    });
  });

  describe('conversations.truncate', () => {
    it('detaches that turn and the later ones (the runs stay) and deletes the memory; the earlier turns stay', async () => {
      const g = await graph();
      await convs().create({ id: 'conv_cut', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat' });
      const first = await turn(g, 'conv_cut', 'one');
      const second = await turn(g, 'conv_cut', 'two');
      const third = await turn(g, 'conv_cut', 'three');
      await store().memory.save({ conversationId: 'conv_cut', graphId: g.id, node: 'writer' }, { summary: 's', summarizedTurns: 1, entities: [], entitiesAtTurn: 0, turns: 3 });
      expect(await convs().truncate('conv_cut', second)).toBe(2);
      expect((await convs().turns('conv_cut')).map((r) => r.id)).toEqual([first]);
      expect((await store().runs.get(third))?.conversationId).toBeNull();
      expect(await store().memory.get({ conversationId: 'conv_cut', graphId: g.id, node: 'writer' })).toBeUndefined();
    });
    it('not_found for an unknown conversation, or a run that is not one of its turns; nothing detached', async () => {
      const g = await graph();
      await convs().create({ id: 'conv_keep', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat' });
      const mine = await turn(g, 'conv_keep', 'one');
      const stranger = await turn(g, 'conv_other', 'elsewhere');
      expect(await codeOf(convs().truncate('conv_none', mine))).toBe('not_found');
      expect(await codeOf(convs().truncate('conv_keep', stranger))).toBe('not_found');
      expect(await codeOf(convs().truncate('conv_keep', 'no-such-run'))).toBe('not_found');
      expect(await codeOf(convs().truncate('conv_keep', 'x\0'))).toBe('not_found');
      expect((await convs().turns('conv_keep')).map((r) => r.id)).toEqual([mine]);
    });
  });

  describe('conversations.delete', () => {
    it('deletes it and its memory and detaches its runs (they stay); false for an unknown one', async () => {
      const g = await graph();
      const other = await store().workspaces.create('Other');
      const og = await graph('theirs', other.id);
      await convs().create({ id: 'conv_d', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat' });
      const run = await turn(g, 'conv_d', 'hello');
      const theirs = await turn(og, 'conv_d', 'same id elsewhere');
      const memory = { summary: 's', summarizedTurns: 1, entities: [], entitiesAtTurn: 0, turns: 1 };
      await store().memory.save({ conversationId: 'conv_d', graphId: g.id, node: 'writer' }, memory);
      await store().memory.save({ conversationId: 'conv_d', graphId: og.id, node: 'writer' }, memory);
      expect(await convs().delete('conv_d')).toBe(true);
      expect(await convs().get('conv_d')).toBeUndefined();
      expect((await store().runs.get(run))?.conversationId).toBeNull();
      expect((await store().runs.get(theirs))?.conversationId).toBe('conv_d');
      expect(await store().memory.get({ conversationId: 'conv_d', graphId: g.id, node: 'writer' })).toBeUndefined();
      expect((await store().memory.get({ conversationId: 'conv_d', graphId: og.id, node: 'writer' }))?.summary).toBe('s');
      expect(await convs().delete('conv_d')).toBe(false);
      expect(await convs().delete('x\0')).toBe(false);
    });
    it('goes with its graph and its workspace; follows its graph when the graph moves', async () => {
      const g = await graph();
      await convs().create({ id: 'conv_g', workspaceId: DEFAULT_WORKSPACE_ID, graphId: g.id, source: 'chat' });
      await store().graphs.delete(g.id);
      expect(await convs().get('conv_g')).toBeUndefined();
      const w = await store().workspaces.create('Short-lived');
      await convs().create({ id: 'conv_w', workspaceId: w.id, graphId: null, source: 'openai' });
      expect(await store().workspaces.delete(w.id)).toBe(true);
      expect(await convs().get('conv_w')).toBeUndefined();
      const traveller = await graph('traveller');
      const there = await store().workspaces.create('There');
      await convs().create({ id: 'conv_m', workspaceId: DEFAULT_WORKSPACE_ID, graphId: traveller.id, source: 'chat' });
      const r = await turn(traveller, 'conv_m', 'hi');
      await store().graphs.move(traveller.id, there.id);
      expect((await convs().get('conv_m'))?.workspaceId).toBe(there.id);
      expect((await convs().list([DEFAULT_WORKSPACE_ID])).map((c) => c.id)).toEqual([]);
      expect((await convs().turns('conv_m')).map((x) => x.id)).toEqual([r]);
    });
  });
}
