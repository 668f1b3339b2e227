/**
 * The step commit and what it writes (db/store/run-ports.ts): steps.commit, events.*, checkpoints.*
 * and journal.*, one describe per method, failure cases included.
 */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import { newRunId } from '@/db/runs';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { JournalRowInput, Store } from '../ports';
import { codeOf, doc } from './fixtures';

function event(runId: string, seq: number, type: TraceEvent['type'] = 'node.started', data: Record<string, unknown> = {}, extra: Partial<TraceEvent> = {}): TraceEvent {
  return { seq, run_id: runId, ts: new Date(1_700_000_000_000 + seq).toISOString(), type, step: 1, span_id: `s${seq}`, data, ...extra };
}

function call(key: string, extra: Partial<JournalRowInput> = {}): JournalRowInput {
  return { key, kind: 'llm', node: 'writer', requestHash: 'h1', resultJson: JSON.stringify({ text: key }), error: null, usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }, reused: false, startedAt: 1, latencyMs: 2, ...extra };
}

const longText = (s: string) => s.repeat(100);

export function stepSpecs(store: () => Store): void {
  const s = () => store();
  const run = async () => {
    const g = await s().graphs.create(doc(`g-${newRunId()}`), DEFAULT_WORKSPACE_ID);
    return (await s().runs.insert({ id: newRunId(), graphId: g.id, graphName: g.name, graphVersion: 1, input: 'hi', source: 'api' })).id;
  };

  describe('steps.commit', () => {
    it('writes events, run changes, journal rows and the checkpoint together', async () => {
      const id = await run();
      await s().steps.commit(id, {
        events: [event(id, 1, 'run.started'), event(id, 2, 'node.started', { x: 1 }, { node: 'writer', parent_span_id: 'run' })],
        runUpdates: [{ update: { status: 'running', startedAt: new Date(5) } }],
        journal: [call('k1')],
        checkpoint: { step: 1, state: { draft: 'd' }, next: ['reviewer'] },
      });
      expect((await s().events.list(id)).map((e) => [e.seq, e.type, e.node, e.parent_span_id])).toEqual([
        [1, 'run.started', undefined, undefined],
        [2, 'node.started', 'writer', 'run'],
      ]);
      expect((await s().runs.get(id))?.status).toBe('running');
      expect(await s().journal.entry(id, 'k1')).toEqual({ kind: 'llm', result: { text: 'k1' } });
      expect(await s().checkpoints.latest(id)).toEqual({ step: 1, state: { draft: 'd' }, next: ['reviewer'] });
    });
    it('sums usage over the events including this commit\'s when asked', async () => {
      const id = await run();
      await s().steps.commit(id, { events: [event(id, 1, 'llm.response', { 'gen_ai.usage.input_tokens': 3, 'gen_ai.usage.output_tokens': 4, cost_usd: 0.25 })] });
      await s().steps.commit(id, {
        events: [event(id, 2, 'llm.response', { 'gen_ai.usage.input_tokens': 10, 'gen_ai.usage.output_tokens': 1 }), event(id, 3, 'run.finished')],
        runUpdates: [{ update: { status: 'succeeded', output: 'ok' }, withUsage: true }],
      });
      const row = (await s().runs.get(id))!;
      expect([row.status, row.output]).toEqual(['succeeded', 'ok']);
      expect(row.usage).toEqual({ prompt_tokens: 13, completion_tokens: 5, total_tokens: 18, cost_usd: 0.25 });
    });
    it('writes nothing when any part fails (an event seq already recorded)', async () => {
      const id = await run();
      await s().steps.commit(id, { events: [event(id, 1)] });
      const failed = s().steps.commit(id, {
        events: [event(id, 2), event(id, 1)],
        runUpdates: [{ update: { status: 'failed' } }],
        journal: [call('k1')],
        checkpoint: { step: 1, state: {}, next: [] },
      });
      await expect(failed).rejects.toThrow();
      expect(await s().events.lastSeq(id)).toBe(1);
      expect((await s().runs.get(id))?.status).toBe('queued');
      expect(await s().journal.has(id)).toBe(false);
      expect(await s().checkpoints.latest(id)).toBeUndefined();
    });
    it('is not_found for a run that does not exist, with or without rows to insert', async () => {
      expect(await codeOf(s().steps.commit('missing', { events: [event('missing', 1)] }))).toBe('not_found');
      expect(await codeOf(s().steps.commit('missing', { events: [], runUpdates: [{ update: { status: 'failed' } }] }))).toBe('not_found');
      expect(await codeOf(s().steps.commit('missing', { events: [], checkpoint: { step: 1, state: {}, next: [] } }))).toBe('not_found');
    });
    it('applies commits of one run in call order when nobody waits between them', async () => {
      const id = await run();
      const commits = [];
      for (let i = 1; i <= 12; i++) commits.push(s().steps.commit(id, { events: [event(id, i)], runUpdates: [{ update: { output: i } }], checkpoint: { step: i, state: { n: i, big: longText('b') }, next: [] } }));
      await Promise.all(commits);
      expect((await s().runs.get(id))?.output).toBe(12);
      expect((await s().events.list(id)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect((await s().checkpoints.latest(id))?.state).toEqual({ n: 12, big: longText('b') });
    });
    it('a failed commit does not stop the run\'s next one', async () => {
      const id = await run();
      const bad = s().steps.commit(id, { events: [event(id, 1), event(id, 1)] });
      const good = s().steps.commit(id, { events: [event(id, 1)], checkpoint: { step: 1, state: { a: longText('a') }, next: [] } });
      await expect(bad).rejects.toThrow();
      await good;
      expect(await s().events.lastSeq(id)).toBe(1);
      expect((await s().checkpoints.at(id, 1))?.state).toEqual({ a: longText('a') });
    });
  });

  describe('events.list', () => {
    it('lists events after a seq, in order, up to a limit, with their data', async () => {
      const id = await run();
      await s().steps.commit(id, { events: [1, 2, 3, 4].map((n) => event(id, n, 'node.started', { n, nested: { text: 'é\\u0000' } })) });
      expect((await s().events.list(id, 1, 2)).map((e) => e.seq)).toEqual([2, 3]);
      const [e] = await s().events.list(id, 3);
      expect(e).toEqual(event(id, 4, 'node.started', { n: 4, nested: { text: 'é\\u0000' } }));
    });
    it('is empty for an unknown run', async () => {
      expect(await s().events.list('missing')).toEqual([]);
      expect(await s().events.list('bad\0id')).toEqual([]);
    });
  });

  describe('events.lastSeq', () => {
    it('is the highest seq, 0 for a run without events', async () => {
      const id = await run();
      expect(await s().events.lastSeq(id)).toBe(0);
      await s().steps.commit(id, { events: [event(id, 1), event(id, 2)] });
      expect(await s().events.lastSeq(id)).toBe(2);
      expect(await s().events.lastSeq('missing')).toBe(0);
    });
  });

  describe('events.sumUsage', () => {
    it('is zero without model calls and leaves cost out when no call was priced', async () => {
      const id = await run();
      expect(await s().events.sumUsage(id)).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
      await s().steps.commit(id, { events: [event(id, 1, 'llm.response', { 'gen_ai.usage.input_tokens': 2, 'gen_ai.usage.output_tokens': 3 }), event(id, 2, 'tool.result', { 'gen_ai.usage.input_tokens': 100 })] });
      expect(await s().events.sumUsage(id)).toEqual({ prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 });
    });
  });

  describe('checkpoints', () => {
    it('reads back unchanged channels stored as references to an earlier step', async () => {
      const id = await run();
      const history = [{ role: 'user', content: longText('h') }];
      await s().steps.commit(id, { events: [], checkpoint: { step: 1, state: { history, verdict: 'revise' }, next: ['writer'] } });
      await s().steps.commit(id, { events: [], checkpoint: { step: 2, state: { history, verdict: 'approve' }, next: ['reviewer'] } });
      await s().steps.commit(id, { events: [], checkpoint: { step: 3, state: { history, verdict: 'approve' }, next: [] }, last: true });
      expect(await s().checkpoints.at(id, 2)).toEqual({ step: 2, state: { history, verdict: 'approve' }, next: ['reviewer'] });
      expect((await s().checkpoints.latest(id))?.step).toBe(3);
      const list = await s().checkpoints.list(id);
      expect(list.map((c) => [c.step, c.checkpoint.state.verdict, c.checkpoint.state.history])).toEqual([
        [1, 'revise', history],
        [2, 'approve', history],
        [3, 'approve', history],
      ]);
      expect(list[0]!.updatedAt).toBeInstanceOf(Date);
    });
    it('reads back a list grown by appends over many steps (deltas chained past a full snapshot)', async () => {
      const id = await run();
      let messages: { role: string; content: string }[] = [];
      const history: (typeof messages)[] = [];
      for (let step = 1; step <= 40; step++) {
        messages = [...messages, { role: step % 2 ? 'user' : 'assistant', content: `${step} ${longText('m')}` }];
        history.push(messages);
        await s().steps.commit(id, { events: [], checkpoint: { step, state: { messages, note: longText('n') }, next: ['a'] } });
      }
      for (const step of [1, 20, 33, 40]) expect((await s().checkpoints.at(id, step))?.state).toEqual({ messages: history[step - 1], note: longText('n') });
      expect((await s().checkpoints.latest(id))?.state.messages).toHaveLength(40);
      expect((await s().checkpoints.list(id)).map((c) => (c.checkpoint.state.messages as unknown[]).length)).toEqual(history.map((h) => h.length));
    });
    it('a pause rewrites its step with the interrupt', async () => {
      const id = await run();
      const state = { draft: longText('d') };
      await s().steps.commit(id, { events: [], checkpoint: { step: 1, state, next: ['approve'] } });
      await s().steps.commit(id, { events: [], checkpoint: { step: 1, state, next: ['approve'], interrupt: { node: 'approve', kind: 'human' } }, last: true });
      expect(await s().checkpoints.list(id)).toHaveLength(1);
      expect((await s().checkpoints.latest(id))?.interrupt).toEqual({ node: 'approve', kind: 'human' });
      expect((await s().checkpoints.latest(id))?.state).toEqual(state);
    });
    it('is undefined or empty for an unknown run or step', async () => {
      const id = await run();
      expect(await s().checkpoints.latest(id)).toBeUndefined();
      expect(await s().checkpoints.at(id, 1)).toBeUndefined();
      expect(await s().checkpoints.at('missing', 1)).toBeUndefined();
      expect(await s().checkpoints.at(id, 1.5)).toBeUndefined();
      expect(await s().checkpoints.list('missing')).toEqual([]);
    });
  });

  describe('journal', () => {
    it('keeps the first row of an attempt key and reads calls by key, count and order', async () => {
      const id = await run();
      await s().steps.commit(id, { events: [], journal: [call('k1'), call('k2', { resultJson: JSON.stringify({ text: 'second' }) })] });
      await s().steps.commit(id, { events: [], journal: [call('k1', { resultJson: '"again"' }), call('t1', { kind: 'tool', node: 'search', requestHash: null, error: 'boom', reused: true })] });
      expect(await s().journal.entry(id, 'k1')).toEqual({ kind: 'llm', result: { text: 'k1' } });
      expect(await s().journal.has(id)).toBe(true);
      expect(await s().journal.count(id, 'llm', 'writer', 'h1')).toBe(2);
      expect(await s().journal.nth(id, 'llm', 'writer', 'h1', 1)).toEqual({ result: { text: 'second' } });
      expect(await s().journal.nth(id, 'llm', 'writer', 'h1', 2)).toBeUndefined();
      const list = await s().journal.list(id);
      expect(list.map((r) => [r.key, r.kind, r.node, r.requestHash, r.error, r.reused])).toEqual([
        ['k1', 'llm', 'writer', 'h1', null, false],
        ['k2', 'llm', 'writer', 'h1', null, false],
        ['t1', 'tool', 'search', null, 'boom', true],
      ]);
      expect(list[0]!.usage).toEqual({ prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 });
    });
    it('answers nothing for an unknown run, key or call', async () => {
      const id = await run();
      expect(await s().journal.has(id)).toBe(false);
      expect(await s().journal.entry(id, 'k1')).toBeUndefined();
      expect(await s().journal.entry('missing', 'bad\0key')).toBeUndefined();
      expect(await s().journal.count(id, 'tool', 'writer', 'h1')).toBe(0);
      expect(await s().journal.nth(id, 'llm', 'writer', 'h1', 0)).toBeUndefined();
      expect(await s().journal.list('missing')).toEqual([]);
    });
  });
}
