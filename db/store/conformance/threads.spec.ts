/** The AssistantRepository and ThreadRepository contracts (db/store/ports-conversations.ts). */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import { codeOf, doc, outcomes, seedRun } from './fixtures';

export function threadSpecs(store: () => Store): void {
  const assistants = () => store().assistants;
  const threads = () => store().threads;
  const newAssistant = async (id = 'asst_1', graphName = 'assisted') => {
    const g = (await store().graphs.getByName(graphName, DEFAULT_WORKSPACE_ID)) ?? (await store().graphs.create(doc(graphName), DEFAULT_WORKSPACE_ID));
    return { graph: g, assistant: await assistants().insert({ id, graphId: g.id, name: 'helper', description: null, instructions: 'Be brief.', tools: [], metadata: { team: 'a' } }) };
  };
  const message = (threadId: string, id: string, extra: { runId?: string; role?: 'user' | 'assistant' } = {}) => threads().appendMessage({ id, threadId, role: extra.role ?? 'user', content: `text of ${id}`, runId: extra.runId ?? null });

  describe('assistants', () => {
    it('insert, get, list newest first, delete', async () => {
      const { graph, assistant } = await newAssistant('asst_1');
      expect(assistant).toMatchObject({ id: 'asst_1', graphId: graph.id, name: 'helper', instructions: 'Be brief.', tools: [], metadata: { team: 'a' } });
      expect(assistant.createdAt).toBeInstanceOf(Date);
      await newAssistant('asst_2');
      expect(await assistants().get('asst_1')).toEqual(assistant);
      expect((await assistants().list([DEFAULT_WORKSPACE_ID])).map((a) => a.id)).toContain('asst_2');
      expect(await assistants().list([DEFAULT_WORKSPACE_ID], 1)).toHaveLength(1);
      expect(await assistants().delete('asst_1')).toBe(true);
      expect(await assistants().delete('asst_1')).toBe(false);
      expect(await assistants().get('asst_1')).toBeUndefined();
    });
    it('insert is not_found for an unknown graph and bad_request for a NUL; unknown ids are undefined; they go with their graph', async () => {
      expect(await codeOf(assistants().insert({ id: 'a', graphId: 'missing', name: null, description: null, instructions: null, tools: null, metadata: null }))).toBe('not_found');
      const { graph } = await newAssistant('asst_1');
      expect(await codeOf(assistants().insert({ id: 'b', graphId: graph.id, name: 'a\0', description: null, instructions: null, tools: null, metadata: null }))).toBe('bad_request');
      expect(await assistants().get('b')).toBeUndefined();
      expect(await assistants().get('bad\0')).toBeUndefined();
      await store().graphs.delete(graph.id);
      expect(await assistants().get('asst_1')).toBeUndefined();
    });
  });

  describe('threads', () => {
    it('insert, get, delete; a taken id is conflict', async () => {
      const t = await threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 'thread_1', metadata: { k: 'v' } });
      expect(t).toMatchObject({ id: 'thread_1', metadata: { k: 'v' } });
      expect(await codeOf(threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 'thread_1' }))).toBe('conflict');
      expect(await threads().get('thread_1')).toEqual(t);
      expect(await threads().get('bad\0')).toBeUndefined();
      expect(await threads().delete('thread_1')).toBe(true);
      expect(await threads().delete('thread_1')).toBe(false);
    });
  });

  describe('threads.appendMessage and listMessages', () => {
    it('appends in order and lists by seq', async () => {
      await threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 't' });
      await message('t', 'm1');
      const second = await message('t', 'm2', { role: 'assistant' });
      expect(second).toMatchObject({ id: 'm2', threadId: 't', seq: 2, role: 'assistant', content: 'text of m2', runId: null, assistantId: null, metadata: null });
      expect(second?.createdAt).toBeInstanceOf(Date);
      const tagged = await threads().appendMessage({ id: 'm3', threadId: 't', role: 'user', content: 'x', metadata: { source: 'ui' } });
      expect(tagged?.metadata).toEqual({ source: 'ui' });
      expect((await threads().listMessages('t')).map((m) => [m.id, m.seq])).toEqual([
        ['m1', 1],
        ['m2', 2],
        ['m3', 3],
      ]);
      expect(await threads().listMessages('missing')).toEqual([]);
    });
    it('concurrent appends get consecutive seqs (none lost)', async () => {
      await threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 't' });
      await Promise.all(Array.from({ length: 8 }, (_, i) => message('t', `m${i}`)));
      expect((await threads().listMessages('t')).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });
    it("one reply per run: a second (also a racing one) is undefined; repliedRunIds names the runs", async () => {
      const g = await store().graphs.create(doc('replies'), DEFAULT_WORKSPACE_ID);
      const runId = await seedRun(g);
      await threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 't' });
      const results = await Promise.all([message('t', 'r1', { runId, role: 'assistant' }), message('t', 'r2', { runId, role: 'assistant' })]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await message('t', 'r3', { runId, role: 'assistant' })).toBeUndefined();
      expect([...(await threads().repliedRunIds('t'))]).toEqual([runId]);
      expect(await threads().listMessages('t')).toHaveLength(1);
    });
    it('not_found for an unknown thread; bad_request for a NUL (nothing written)', async () => {
      expect(await codeOf(message('missing', 'm1'))).toBe('not_found');
      expect(await codeOf(message('bad\0', 'm1'))).toBe('bad_request'); // a write holding a NUL
      await threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 't' });
      const nul = await Promise.allSettled([threads().appendMessage({ id: 'm', threadId: 't', role: 'user', content: 'a\0b' })]);
      expect(outcomes(nul).codes).toEqual(['bad_request']);
      expect(await threads().listMessages('t')).toEqual([]);
    });
    it('messages go with their thread', async () => {
      await threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 't' });
      await message('t', 'm1');
      await threads().delete('t');
      expect(await threads().listMessages('t')).toEqual([]);
    });
  });

  describe('threads.insertRun, getRun and listRuns', () => {
    it("links runs to the thread; reads them with the run's row, oldest first", async () => {
      const { graph, assistant } = await newAssistant();
      await threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 't' });
      const first = await seedRun(graph);
      const second = await seedRun(graph);
      await threads().insertRun({ runId: first, threadId: 't', assistantId: assistant.id, instructions: 'x', metadata: null });
      await threads().insertRun({ runId: second, threadId: 't', assistantId: assistant.id, instructions: null, metadata: { a: 'b' } });
      const got = await threads().getRun('t', first);
      expect(got?.link).toEqual({ runId: first, threadId: 't', assistantId: assistant.id, instructions: 'x', metadata: null });
      expect([got?.run.id, got?.run.status, got?.run.graphId]).toEqual([first, 'queued', graph.id]);
      expect(got?.run.createdAt).toBeInstanceOf(Date);
      expect((await threads().listRuns('t')).map((r) => r.run.id)).toEqual([first, second]);
      expect(await threads().getRun('other', first)).toBeUndefined();
      expect(await threads().listRuns('missing')).toEqual([]);
    });
    it('insertRun is not_found for an unknown run, thread or assistant, and conflict for a run linked already', async () => {
      const { graph, assistant } = await newAssistant();
      await threads().insert({ workspaceId: DEFAULT_WORKSPACE_ID, id: 't' });
      const run = await seedRun(graph);
      const link = { runId: run, threadId: 't', assistantId: assistant.id, instructions: null, metadata: null };
      expect(await codeOf(threads().insertRun({ ...link, runId: 'missing' }))).toBe('not_found');
      expect(await codeOf(threads().insertRun({ ...link, threadId: 'missing' }))).toBe('not_found');
      expect(await codeOf(threads().insertRun({ ...link, assistantId: 'missing' }))).toBe('not_found');
      await threads().insertRun(link);
      expect(await codeOf(threads().insertRun(link))).toBe('conflict');
      expect(await threads().listRuns('t')).toHaveLength(1);
    });
  });
}
