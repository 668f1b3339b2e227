/** The ResponseRepository contract (db/store/ports-responses.ts): one describe per method, failure cases included. */
import { describe, expect, it } from 'vitest';
import { newRunId } from '@/db/runs';
import { DEFAULT_WORKSPACE_ID } from '../ports-workspaces';
import type { Store } from '../ports';
import { codeOf, doc } from './fixtures';

export function responseSpecs(store: () => Store): void {
  const responses = () => store().responses;
  const newRun = async () => {
    const g = await store().graphs.create(doc(`resp-${newRunId()}`), DEFAULT_WORKSPACE_ID);
    return (await store().runs.insert({ id: newRunId(), graphId: g.id, graphName: g.name, graphVersion: g.version, input: 'hi', source: 'openai' })).id;
  };
  const row = (id: string, runId: string) => ({
    id,
    workspaceId: DEFAULT_WORKSPACE_ID,
    runId,
    previousResponseId: null,
    conversationId: 'conv_1',
    request: { model: 'm', metadata: { k: 'v' } },
    inputItems: [{ id: 'msg_1', type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }],
  });

  describe('responses.insert and get', () => {
    it('keeps the request and input items as written, without a response until settled', async () => {
      const runId = await newRun();
      const made = await responses().insert(row('resp_a', runId));
      expect(made.createdAt).toBeInstanceOf(Date);
      const got = await responses().get('resp_a');
      expect(got).toMatchObject({ ...row('resp_a', runId), response: null });
      expect(await responses().get('resp_missing')).toBeUndefined();
      expect(await responses().get('resp\0x')).toBeUndefined();
    });
    it('is conflict for a taken id, not_found for an unknown run or workspace, bad_request for a NUL', async () => {
      const runId = await newRun();
      await responses().insert(row('resp_b', runId));
      expect(await codeOf(responses().insert(row('resp_b', runId)))).toBe('conflict');
      expect(await codeOf(responses().insert(row('resp_c', 'run_missing')))).toBe('not_found');
      expect(await codeOf(responses().insert({ ...row('resp_d', runId), workspaceId: 'ws_missing' }))).toBe('not_found');
      expect(await codeOf(responses().insert({ ...row('resp_e', runId), request: { model: 'a\0b' } }))).toBe('bad_request');
      expect(await responses().get('resp_e')).toBeUndefined();
    });
    it('goes with its run (deleted with its graph)', async () => {
      const runId = await newRun();
      await responses().insert(row('resp_f', runId));
      expect(await store().graphs.delete((await store().runs.get(runId))!.graphId)).toBe(true);
      expect(await responses().get('resp_f')).toBeUndefined();
    });
  });

  describe('responses.settle', () => {
    it('keeps the response object; false for an unknown id', async () => {
      const runId = await newRun();
      await responses().insert(row('resp_g', runId));
      expect(await responses().settle('resp_g', { id: 'resp_g', status: 'completed', output: [] })).toBe(true);
      expect((await responses().get('resp_g'))?.response).toEqual({ id: 'resp_g', status: 'completed', output: [] });
      expect(await responses().settle('resp_none', { id: 'x' })).toBe(false);
      expect(await codeOf(responses().settle('resp_g', { text: 'a\0' }))).toBe('bad_request');
    });
  });

  describe('responses.delete', () => {
    it('deletes the response but not its run; false when there was none', async () => {
      const runId = await newRun();
      await responses().insert(row('resp_h', runId));
      expect(await responses().delete('resp_h')).toBe(true);
      expect(await responses().get('resp_h')).toBeUndefined();
      expect(await store().runs.get(runId)).toBeDefined();
      expect(await responses().delete('resp_h')).toBe(false);
      expect(await responses().delete('x\0y')).toBe(false);
    });
  });

  describe('conversationItems.append, list, get and delete', () => {
    const conversation = async (id: string) => (await store().conversations.create({ id, workspaceId: DEFAULT_WORKSPACE_ID, graphId: null, source: 'openai' })).id;
    const msg = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

    it('appends in order (across calls too), lists, gets and deletes by conversation', async () => {
      const c = await conversation('conv_items_a');
      const runId = await newRun();
      await store().conversationItems.append(c, [{ id: 'msg_1', item: msg('one') }, { id: 'msg_2', runId, item: msg('two') }]);
      await store().conversationItems.append(c, [{ id: 'msg_3', item: msg('three') }]);
      const rows = await store().conversationItems.list(c);
      expect(rows.map((r) => [r.id, r.runId, (r.item.content as { text: string }[])[0].text])).toEqual([['msg_1', null, 'one'], ['msg_2', runId, 'two'], ['msg_3', null, 'three']]);
      expect((await store().conversationItems.get(c, 'msg_2'))?.item).toEqual(msg('two'));
      expect(await store().conversationItems.get('conv_other', 'msg_2')).toBeUndefined();
      expect(await store().conversationItems.delete('conv_other', 'msg_2')).toBe(false);
      expect(await store().conversationItems.delete(c, 'msg_2')).toBe(true);
      expect((await store().conversationItems.list(c)).map((r) => r.id)).toEqual(['msg_1', 'msg_3']);
      expect(await store().conversationItems.delete(c, 'msg_2')).toBe(false);
    });
    it('is not_found for an unknown conversation, conflict for a taken id (nothing written), bad_request for a NUL', async () => {
      expect(await codeOf(store().conversationItems.append('conv_missing', [{ id: 'msg_x', item: msg('x') }]))).toBe('not_found');
      const c = await conversation('conv_items_b');
      await store().conversationItems.append(c, [{ id: 'msg_taken', item: msg('x') }]);
      expect(await codeOf(store().conversationItems.append(c, [{ id: 'msg_new', item: msg('y') }, { id: 'msg_taken', item: msg('z') }]))).toBe('conflict');
      expect((await store().conversationItems.list(c)).map((r) => r.id)).toEqual(['msg_taken']);
      expect(await codeOf(store().conversationItems.append(c, [{ id: 'msg_nul', item: msg('a\0b') }]))).toBe('bad_request');
      expect(await store().conversationItems.list('x\0y')).toEqual([]);
    });
    it('go with their conversation', async () => {
      const c = await conversation('conv_items_c');
      await store().conversationItems.append(c, [{ id: 'msg_gone', item: msg('x') }]);
      expect(await store().conversations.delete(c)).toBe(true);
      expect(await store().conversationItems.list(c)).toEqual([]);
    });
  });
}
