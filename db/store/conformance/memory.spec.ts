/** The MemoryRepository contract (db/store/ports-conversations.ts). */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import { newRunId } from '@/db/runs';
import type { RunStatus } from '@/lib/contracts/trace';
import type { GraphRow, MemoryValues, Store } from '../ports';
import type { Backend } from './backend';
import { codeOf, doc } from './fixtures';

const values = (summary: string | null, turns = 1): MemoryValues => ({ summary, summarizedTurns: turns - 1, entities: [{ name: 'Ada', kind: 'person', summary: 'the user' }], entitiesAtTurn: turns, turns });

export function memorySpecs(store: () => Store, backend: Backend): void {
  const memory = () => store().memory;
  /** A run of the conversation created at `at` that ended with `status`. */
  const turn = async (graph: GraphRow, conversationId: string, input: string, status: RunStatus, at: number) => {
    const id = newRunId();
    await store().runs.insert({ id, graphId: graph.id, graphName: graph.name, graphVersion: graph.version, input, source: 'api', conversationId });
    await store().runs.update(id, { status, output: `re: ${input}` });
    await backend.rows(`update runs set created_at = ${at} where id = '${id}'`);
  };

  describe('memory.save and get', () => {
    it("keeps one row per conversation, graph and node; save replaces it", async () => {
      const g = await store().graphs.create(doc('mem'), DEFAULT_WORKSPACE_ID);
      const key = { conversationId: 'thread_1', graphId: g.id, node: 'writer' };
      expect(await memory().get(key)).toBeUndefined();
      await memory().save(key, values('first'));
      await memory().save(key, values('second', 3));
      await memory().save({ ...key, node: 'reviewer' }, values(null));
      const row = await memory().get(key);
      expect(row).toMatchObject({ ...key, summary: 'second', summarizedTurns: 2, entitiesAtTurn: 3, turns: 3, entities: [{ name: 'Ada', kind: 'person', summary: 'the user' }] });
      expect(row?.updatedAt).toBeInstanceOf(Date);
      expect((await memory().get({ ...key, node: 'reviewer' }))?.summary).toBeNull();
      expect(await memory().get({ ...key, conversationId: 'thread_2' })).toBeUndefined();
    });
    it('save is not_found for an unknown graph; the memory goes with its graph', async () => {
      expect(await codeOf(memory().save({ conversationId: 'c', graphId: 'missing', node: 'n' }, values('x')))).toBe('not_found');
      const g = await store().graphs.create(doc('gone'), DEFAULT_WORKSPACE_ID);
      const key = { conversationId: 'c', graphId: g.id, node: 'writer' };
      await memory().save(key, values('x'));
      await store().graphs.delete(g.id);
      expect(await memory().get(key)).toBeUndefined();
    });
    it('a NUL character is bad_request on save (the memory there was kept) and no row on get', async () => {
      const g = await store().graphs.create(doc('nul'), DEFAULT_WORKSPACE_ID);
      const key = { conversationId: 'c', graphId: g.id, node: 'writer' };
      await memory().save(key, values('kept'));
      expect(await codeOf(memory().save(key, values('a\0b')))).toBe('bad_request');
      expect((await memory().get(key))?.summary).toBe('kept');
      expect(await memory().get({ ...key, conversationId: 'c\0' })).toBeUndefined();
    });
  });

  describe('memory.turns', () => {
    it("the conversation's succeeded runs on the graph, oldest first, as input and answer", async () => {
      const g = await store().graphs.create(doc('talk'), DEFAULT_WORKSPACE_ID);
      const other = await store().graphs.create(doc('other'), DEFAULT_WORKSPACE_ID);
      await turn(g, 'conv', 'two', 'succeeded', 3000); // written first, answered second: by creation time
      await turn(g, 'conv', 'one', 'succeeded', 1000);
      await turn(g, 'conv', 'failed', 'failed', 2000);
      await turn(g, 'elsewhere', 'not this conversation', 'succeeded', 4000);
      await turn(other, 'conv', 'not this graph', 'succeeded', 5000);
      expect(await memory().turns('conv', g.id)).toEqual([
        { input: 'one', output: 're: one' },
        { input: 'two', output: 're: two' },
      ]);
      expect(await memory().turns('none', g.id)).toEqual([]);
      expect(await memory().turns('conv\0', g.id)).toEqual([]);
    });
  });
}
