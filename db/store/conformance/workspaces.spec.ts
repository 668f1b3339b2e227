/**
 * Workspaces in the store (issue 21, item 1): the WorkspaceRepository contract, and the scoping of
 * every repository holding a workspace's things. SCOPING declares, for each method of those
 * repositories (found on the store itself: a new method must be declared here or the suite fails,
 * as lib/server/auth-routes.test.ts does for routes), how it is kept to the caller's workspaces:
 * - `scoped`: it takes the workspaces it may see (a WorkspaceScope or one workspace id), and is
 *   called below with another workspace's to show it finds nothing of this one;
 * - `by-id`: it takes the id of one row (or of its graph, run or thread) whose workspace the route
 *   checks first (lib/server/workspace-access.ts; lib/server/workspace-routes.test.ts proves every route does);
 * - `internal`: the run path and recovery, never reached with a caller's ids before such a check.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE_ID, personalWorkspaceId } from '../ports-workspaces';
import type { Store } from '../ports';
import { codeOf, doc, seedRun, user } from './fixtures';

type Scoping = 'scoped' | 'by-id' | 'internal';

/** Repositories holding a workspace's things (graphs and what hangs off them, threads, keys). */
const OWNED = ['graphs', 'versions', 'runs', 'events', 'checkpoints', 'journal', 'steps', 'graphTests', 'memory', 'assistants', 'threads', 'chatTools', 'conversations', 'responses', 'conversationItems', 'apiKeys'] as const;

const SCOPING: Record<string, Scoping> = {
  'graphs.list': 'scoped',
  'graphs.getByName': 'scoped',
  'graphs.find': 'scoped',
  'graphs.create': 'scoped',
  'graphs.import': 'scoped',
  'graphs.uniqueName': 'scoped',
  'graphs.move': 'scoped',
  'graphs.get': 'by-id',
  'graphs.update': 'by-id',
  'graphs.saveEdit': 'by-id',
  'graphs.saveDraft': 'by-id',
  'graphs.saveNamedVersion': 'by-id',
  'graphs.delete': 'by-id',
  'versions.list': 'by-id',
  'versions.get': 'by-id',
  'runs.insert': 'by-id',
  'runs.get': 'by-id',
  'runs.listForGraph': 'by-id',
  'runs.listWithStatus': 'internal',
  'runs.update': 'internal',
  'runs.transition': 'internal',
  'events.list': 'by-id',
  'events.lastSeq': 'by-id',
  'events.sumUsage': 'by-id',
  'checkpoints.latest': 'by-id',
  'checkpoints.at': 'by-id',
  'checkpoints.list': 'by-id',
  'journal.entry': 'internal',
  'journal.has': 'internal',
  'journal.count': 'internal',
  'journal.nth': 'internal',
  'journal.list': 'by-id',
  'steps.commit': 'internal',
  'steps.commitSync': 'internal',
  'graphTests.get': 'by-id',
  'graphTests.put': 'by-id',
  'memory.get': 'by-id',
  'memory.save': 'internal',
  'memory.turns': 'by-id',
  'assistants.list': 'scoped',
  'assistants.insert': 'by-id',
  'assistants.get': 'by-id',
  'assistants.delete': 'by-id',
  'threads.insert': 'scoped',
  'threads.get': 'by-id',
  'threads.delete': 'by-id',
  'threads.appendMessage': 'by-id',
  'threads.listMessages': 'by-id',
  'threads.repliedRunIds': 'by-id',
  'threads.insertRun': 'by-id',
  'threads.getRun': 'by-id',
  'threads.listRuns': 'by-id',
  'chatTools.saveRun': 'internal',
  'chatTools.getRun': 'internal',
  'chatTools.recordCalls': 'internal',
  'chatTools.runsOfCalls': 'internal',
  'responses.insert': 'by-id',
  'responses.get': 'by-id',
  'responses.settle': 'by-id',
  'responses.delete': 'by-id',
  'conversationItems.append': 'by-id',
  'conversationItems.list': 'by-id',
  'conversationItems.get': 'by-id',
  'conversationItems.delete': 'by-id',
  'conversations.create': 'scoped',
  'conversations.list': 'scoped',
  'conversations.get': 'by-id',
  'conversations.update': 'by-id',
  'conversations.delete': 'by-id',
  'conversations.turns': 'by-id',
  'conversations.truncate': 'by-id',
  'apiKeys.insert': 'scoped',
  'apiKeys.list': 'by-id',
  'apiKeys.get': 'by-id',
  'apiKeys.setBudget': 'by-id',
  'apiKeys.spend': 'by-id',
  'apiKeys.delete': 'by-id',
  'apiKeys.findByHash': 'internal',
};

export function workspaceSpecs(store: () => Store): void {
  const ws = () => store().workspaces;

  describe('workspace scoping of the repositories', () => {
    it('every method of a repository holding a workspace’s things declares its scoping (and none declared is gone)', () => {
      const found = OWNED.flatMap((repo) => Object.keys(store()[repo] as object).map((m) => `${repo}.${m}`));
      expect(found.filter((m) => !SCOPING[m])).toEqual([]);
      const dialectOnly = new Set(['steps.commitSync']); // SQLite's synchronous commit
      expect(Object.keys(SCOPING).filter((m) => !found.includes(m) && !dialectOnly.has(m))).toEqual([]);
    });

    it('scoped reads find nothing of another workspace; an empty scope sees nothing', async () => {
      const other = await ws().create('Other');
      const g = await store().graphs.create(doc('mine'), DEFAULT_WORKSPACE_ID);
      const a = await store().assistants.insert({ id: 'asst_scope', graphId: g.id, name: null, description: null, instructions: null, tools: [], metadata: null });
      expect((await store().graphs.list([other.id])).map((x) => x.id)).toEqual([]);
      expect((await store().graphs.list([])).map((x) => x.id)).toEqual([]);
      expect((await store().graphs.list([DEFAULT_WORKSPACE_ID, other.id])).map((x) => [x.id, x.workspaceId])).toEqual([[g.id, DEFAULT_WORKSPACE_ID]]);
      expect(await store().graphs.getByName('mine', other.id)).toBeNull();
      expect(await store().graphs.find(g.id, other.id)).toBeNull();
      expect(await store().graphs.find('mine', other.id)).toBeNull();
      expect((await store().graphs.find('mine', DEFAULT_WORKSPACE_ID))?.id).toBe(g.id);
      expect(await store().graphs.uniqueName('mine', other.id)).toBe('mine');
      expect(await store().graphs.uniqueName('mine', DEFAULT_WORKSPACE_ID)).toBe('mine-2');
      expect((await store().assistants.list([other.id])).map((x) => x.id)).toEqual([]);
      expect((await store().assistants.list([])).map((x) => x.id)).toEqual([]);
      expect((await store().assistants.list([DEFAULT_WORKSPACE_ID])).map((x) => x.id)).toEqual([a.id]);
    });

    it('names are unique per workspace: the same name in two workspaces; import and create stay in their workspace', async () => {
      const other = await ws().create('Other');
      const here = await store().graphs.create(doc('same'), DEFAULT_WORKSPACE_ID);
      const there = await store().graphs.create(doc('same'), other.id);
      expect(there.id).not.toBe(here.id);
      expect(await codeOf(store().graphs.create(doc('same'), other.id))).toBe('conflict');
      const imported = await store().graphs.import(doc('same', { description: 'v2' }), other.id, { overwrite: true });
      expect([imported.graph.id, imported.created]).toEqual([there.id, false]);
      expect((await store().graphs.get(here.id))?.version).toBe(1);
      const copy = await store().graphs.import(doc('same'), other.id, { asCopy: true });
      expect([copy.graph.name, copy.graph.workspaceId]).toEqual(['same-2', other.id]);
    });

    it('writes into an unknown workspace are not_found and write nothing', async () => {
      expect(await codeOf(store().graphs.create(doc('lost'), 'no-such-workspace'))).toBe('not_found');
      expect(await codeOf(store().graphs.import(doc('lost'), 'no-such-workspace'))).toBe('not_found');
      expect(await codeOf(store().threads.insert({ id: 'thread_lost', workspaceId: 'no-such-workspace' }))).toBe('not_found');
      const u = await store().users.create(user('lost@example.com'));
      expect(await codeOf(store().apiKeys.insert({ userId: u.id, workspaceId: 'no-such-workspace', name: 'k', prefix: 'sy', keyHash: 'h-lost' }))).toBe('not_found');
      expect(await store().graphs.getByName('lost', 'no-such-workspace')).toBeNull();
      expect(await store().threads.get('thread_lost')).toBeUndefined();
      expect(await store().apiKeys.list(u.id)).toEqual([]);
    });

    it('graphs.move takes the graph and its runs to another workspace; conflict on a taken name, not_found for an unknown graph or workspace', async () => {
      const other = await ws().create('Other');
      const g = await store().graphs.create(doc('traveller'), DEFAULT_WORKSPACE_ID);
      const run = await seedRun(g);
      const moved = await store().graphs.move(g.id, other.id);
      expect([moved.id, moved.workspaceId, moved.name, moved.version]).toEqual([g.id, other.id, 'traveller', 1]);
      expect((await store().graphs.list([DEFAULT_WORKSPACE_ID])).map((x) => x.id)).toEqual([]);
      expect((await store().runs.listForGraph(g.id)).map((r) => r.id)).toEqual([run]);
      await store().graphs.create(doc('traveller'), DEFAULT_WORKSPACE_ID);
      expect(await codeOf(store().graphs.move(g.id, DEFAULT_WORKSPACE_ID))).toBe('conflict');
      expect((await store().graphs.get(g.id))?.workspaceId).toBe(other.id);
      expect(await codeOf(store().graphs.move(g.id, 'no-such-workspace'))).toBe('not_found');
      expect(await codeOf(store().graphs.move('no-such-graph', other.id))).toBe('not_found');
    });
  });

  describe('workspaces', () => {
    it('a new user gets a personal workspace (their default); the first user is also an admin of Default, their default', async () => {
      const first = await store().users.create(user('first@example.com', 'admin'), { onlyIfNone: true });
      const later = await store().users.create(user('later@example.com', 'viewer'));
      const mine = (m: { workspace: { id: string }; role: string; isDefault: boolean }[]) => m.map((x) => [x.workspace.id, x.role, x.isDefault]).sort();
      expect(mine(await ws().membershipsOf(first.id))).toEqual([[DEFAULT_WORKSPACE_ID, 'admin', true], [personalWorkspaceId(first.id), 'admin', false]].sort());
      expect(mine(await ws().membershipsOf(later.id))).toEqual([[personalWorkspaceId(later.id), 'admin', true]]);
      expect((await ws().get(personalWorkspaceId(later.id)))?.personalOf).toBe(later.id);
    });

    it('create, rename, list and get; unknown ids are undefined/false', async () => {
      const w = await ws().create('Research');
      expect((await ws().rename(w.id, 'Research & Dev'))?.name).toBe('Research & Dev');
      expect((await ws().list()).map((x) => x.name)).toContain('Research & Dev');
      expect((await ws().get(w.id))?.name).toBe('Research & Dev');
      expect(await ws().get('nope')).toBeUndefined();
      expect(await ws().rename('nope', 'x')).toBeUndefined();
      expect(await ws().delete('nope')).toBe(false);
      expect(await codeOf(ws().create('a\0b'))).toBe('bad_request');
    });

    it('members: added with a role, the role changed, removed; not_found for an unknown workspace or user', async () => {
      const w = await ws().create('Team');
      const u = await store().users.create(user('member@example.com'));
      await ws().setMember(w.id, u.id, 'viewer');
      await ws().setMember(w.id, u.id, 'editor');
      expect((await ws().members(w.id))?.map((m) => [m.email, m.role, m.isDefault])).toEqual([['member@example.com', 'editor', false]]);
      expect(await codeOf(ws().setMember('nope', u.id, 'viewer'))).toBe('not_found');
      expect(await codeOf(ws().setMember(w.id, 'nobody', 'viewer'))).toBe('not_found');
      expect(await ws().members('nope')).toBeUndefined();
      expect(await ws().removeMember(w.id, u.id)).toBe(true);
      expect(await ws().removeMember(w.id, u.id)).toBe(false);
      expect(await ws().members(w.id)).toEqual([]);
    });

    it('delete: only an empty shared workspace (conflict while it holds a graph, a thread or a key, or is personal)', async () => {
      const u = await store().users.create(user('holder@example.com'));
      expect(await codeOf(ws().delete(personalWorkspaceId(u.id)))).toBe('conflict');
      const w = await ws().create('Busy');
      const g = await store().graphs.create(doc('busy'), w.id);
      expect(await codeOf(ws().delete(w.id))).toBe('conflict');
      await store().graphs.delete(g.id);
      await store().threads.insert({ id: 'thread_busy', workspaceId: w.id });
      expect(await codeOf(ws().delete(w.id))).toBe('conflict');
      await store().threads.delete('thread_busy');
      const k = await store().apiKeys.insert({ userId: u.id, workspaceId: w.id, name: 'k', prefix: 'sy', keyHash: 'h-busy' });
      expect(await codeOf(ws().delete(w.id))).toBe('conflict');
      await store().apiKeys.delete(u.id, k.id);
      await ws().setMember(w.id, u.id, 'editor');
      expect(await ws().delete(w.id)).toBe(true);
      expect(await ws().get(w.id)).toBeUndefined();
      expect(await ws().membershipsOf(u.id)).toHaveLength(1);
    });
  });
}
