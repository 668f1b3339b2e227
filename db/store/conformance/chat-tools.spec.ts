/** The ChatToolRepository contract (db/store/ports-conversations.ts): one describe per method, failure cases included. */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import { newRunId } from '@/db/runs';
import type { Store } from '../ports';
import { codeOf, doc } from './fixtures';

export function chatToolSpecs(store: () => Store): void {
  const chat = () => store().chatTools;
  const newRun = async () => {
    const g = await store().graphs.create(doc(`chat-${newRunId()}`), DEFAULT_WORKSPACE_ID);
    return (await store().runs.insert({ id: newRunId(), graphId: g.id, graphName: g.name, graphVersion: g.version, input: 'hi', source: 'openai' })).id;
  };
  const weather = { description: 'The weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } };

  describe('chatTools.saveRun and getRun', () => {
    it("keeps the run's tools, node and tool choice as written", async () => {
      const runId = await newRun();
      expect(await chat().getRun(runId)).toBeUndefined();
      await chat().saveRun({ runId, node: 'writer', tools: { weather }, toolChoice: { type: 'function', function: { name: 'weather' } } });
      expect(await chat().getRun(runId)).toEqual({ runId, node: 'writer', tools: { weather }, toolChoice: { type: 'function', function: { name: 'weather' } } });
      const other = await newRun();
      await chat().saveRun({ runId: other, node: 'writer', tools: {} });
      expect((await chat().getRun(other))?.toolChoice).toBeNull();
    });
    it('saveRun is not_found for an unknown run and bad_request for text holding a NUL, writing nothing', async () => {
      expect(await codeOf(chat().saveRun({ runId: 'missing', node: 'writer', tools: { weather } }))).toBe('not_found');
      const runId = await newRun();
      expect(await codeOf(chat().saveRun({ runId, node: 'wri\0ter', tools: { weather } }))).toBe('bad_request');
      expect(await chat().getRun(runId)).toBeUndefined();
      expect(await chat().getRun('x\0y')).toBeUndefined();
    });
    it('the tools and handed-out calls go with their run (deleted with its graph)', async () => {
      const runId = await newRun();
      await chat().saveRun({ runId, node: 'writer', tools: { weather } });
      await chat().recordCalls(runId, ['call_gone']);
      expect(await store().graphs.delete((await store().runs.get(runId))!.graphId)).toBe(true);
      expect(await chat().getRun(runId)).toBeUndefined();
      expect(await chat().runsOfCalls(['call_gone'])).toEqual([]);
    });
  });

  describe('chatTools.recordCalls and runsOfCalls', () => {
    it('finds the run that handed out each call; an id handed out again belongs to the latest run', async () => {
      const a = await newRun();
      const b = await newRun();
      await chat().recordCalls(a, ['call_1', 'call_2']);
      await chat().recordCalls(b, ['call_3']);
      expect(await chat().runsOfCalls(['call_1', 'call_2'])).toEqual([a]);
      expect((await chat().runsOfCalls(['call_1', 'call_3'])).sort()).toEqual([a, b].sort());
      await chat().recordCalls(b, ['call_2', 'call_2']);
      expect(await chat().runsOfCalls(['call_2'])).toEqual([b]);
      expect(await chat().runsOfCalls(['call_1'])).toEqual([a]);
    });
    it('no ids, unknown ids and ids holding a NUL find no run; recording none writes nothing', async () => {
      const a = await newRun();
      await chat().recordCalls(a, []);
      expect(await chat().runsOfCalls([])).toEqual([]);
      expect(await chat().runsOfCalls(['call_unknown', 'c\0'])).toEqual([]);
    });
    it('recordCalls is not_found for an unknown run and bad_request for an id holding a NUL, writing nothing', async () => {
      expect(await codeOf(chat().recordCalls('missing', ['call_9']))).toBe('not_found');
      const a = await newRun();
      expect(await codeOf(chat().recordCalls(a, ['call_8', 'c\0']))).toBe('bad_request');
      expect(await chat().runsOfCalls(['call_9', 'call_8'])).toEqual([]);
    });
  });
}
