import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '@/lib/contracts/trace';
import { foldTurn, outputAsText } from './turn-fold';

let seq = 0;
const ev = (type: string, data: Record<string, unknown>, extra: Partial<TraceEvent> = {}): TraceEvent =>
  ({ seq: ++seq, run_id: 'r1', ts: '2026-01-01T00:00:00Z', type, step: 1, span_id: 's1', data, ...extra }) as TraceEvent;

describe('foldTurn', () => {
  it('streams answer deltas (not other text) and names the speaking agents in order', () => {
    const t = foldTurn([
      ev('run.started', { input: 'hi' }),
      ev('llm.delta', { text: 'thinking' }, { node: 'planner' }),
      ev('llm.delta', { text: 'Hel', answer: true }, { node: 'writer' }),
      ev('llm.delta', { text: 'lo', answer: true }, { node: 'writer' }),
      ev('llm.delta', { text: '!', answer: true }, { node: 'critic' }),
    ]);
    expect([t.state, t.text, t.speakers]).toEqual(['streaming', 'Hello!', ['writer', 'critic']]);
  });

  it('the run output replaces the streamed text at the end; a failure keeps what streamed and says why', () => {
    expect(foldTurn([ev('llm.delta', { text: 'Hi', answer: true }), ev('run.finished', { output: 'Hi there' })]).text).toBe('Hi there');
    const failed = foldTurn([ev('llm.delta', { text: 'Par', answer: true }), ev('run.failed', { error: { code: 'llm_error', message: 'upstream 500' } })]);
    expect([failed.state, failed.text, failed.error]).toEqual(['failed', 'Par', 'upstream 500']);
    const rejected = foldTurn([ev('run.finished', { output: null, status: 'rejected', rejected: { node: 'approve', reason: 'no' } })]);
    expect([rejected.state, rejected.error]).toEqual(['rejected', 'Rejected at approve: no']);
  });

  it('folds tool calls with their results and sources, by span', () => {
    const t = foldTurn([
      ev('tool.call', { tool: 'search', type: 'http', args: { q: 'x' } }, { span_id: 'a', node: 'agent' }),
      ev('tool.call', { tool: 'calc', type: 'calculator', args: '1+1' }, { span_id: 'b', node: 'agent' }),
      ev('tool.result', { tool: 'calc', output: '2' }, { span_id: 'b' }),
      ev('tool.result', { tool: 'search', output: 'found', pages: [{ url: 'https://example.com/a', cache: 'miss' }] }, { span_id: 'a' }),
    ]);
    expect(t.tools.map((x) => [x.tool, x.output, x.sources])).toEqual([
      ['search', 'found', ['https://example.com/a']],
      ['calc', '2', []],
    ]);
  });

  it('keeps the memory the turn read and wrote, per node', () => {
    const t = foldTurn([
      ev('memory.read', { turns: 4, kept_turns: 2, stored: true, summary: 'Ada likes tea', summarized_turns: 2, entities: [{ name: 'Ada', kind: 'person', summary: 'the user' }] }, { node: 'agent' }),
      ev('memory.write', { kind: 'summary', from: 0, to: 3, stored: true, summary: 'more' }, { node: 'agent' }),
    ]);
    expect(t.memory).toEqual([
      { node: 'agent', turns: 4, keptTurns: 2, stored: true, summary: 'Ada likes tea', summarizedTurns: 2, entities: [{ name: 'Ada', kind: 'person', summary: 'the user' }], writes: [{ kind: 'summary', from: 0, to: 3, summary: 'more', error: undefined }] },
    ]);
  });

  it('a human step pauses the turn until it is resumed', () => {
    const paused = [ev('run.interrupted', { kind: 'human', node: 'approve', prompt: 'Publish?', human_kind: 'approval' })];
    expect(foldTurn(paused).pause).toEqual({ node: 'approve', prompt: 'Publish?', humanKind: 'approval', kind: 'human' });
    expect(foldTurn(paused).state).toBe('paused');
    const resumed = foldTurn([...paused, ev('run.resumed', { action: 'approve' })]);
    expect([resumed.state, resumed.pause]).toEqual(['streaming', null]);
  });

  it('outputAsText: text as is, anything else as a JSON code block, nothing as empty', () => {
    expect(outputAsText('hi')).toBe('hi');
    expect(outputAsText({ a: 1 })).toBe('```json\n{\n  "a": 1\n}\n```');
    expect(outputAsText(null)).toBe('');
  });
});
