import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '@/lib/contracts/trace';
import { checkStateText } from './pause-card';
import { applyEvents } from './run-reducer';
import { emptyRunView, isTerminal } from './run-view';
import { resumedLabel } from './timeline-tree';

const channels = { route: { type: 'string' as const } };
const before = { input: 'x', route: 'other', messages: [] };

describe('the pause card state editor (checked against the channels)', () => {
  it('sends only the channels that changed', () => {
    expect(checkStateText(JSON.stringify({ ...before, route: 'refund' }), before, channels)).toEqual({ patch: { route: 'refund' }, problems: [] });
    expect(checkStateText(JSON.stringify(before), before, channels)).toEqual({ patch: {}, problems: [] });
  });

  it('names what is wrong: JSON, a channel type, an unknown channel, a message', () => {
    expect(checkStateText('{ route: ', before, channels).problems[0]).toMatch(/^Not valid JSON/);
    expect(checkStateText(JSON.stringify({ ...before, route: 3 }), before, channels).problems).toEqual([expect.stringMatching(/^state\.route: channel "route" is string/)]);
    expect(checkStateText(JSON.stringify({ ...before, rout: 'x' }), before, channels).problems).toEqual([expect.stringMatching(/^state\.rout: there is no state channel "rout"/)]);
    expect(checkStateText(JSON.stringify({ ...before, messages: [{ role: 'bot', content: 'x' }] }), before, channels).problems).toEqual([expect.stringMatching(/^state\.messages\[0\]\.role/)]);
  });
});

const ev = (type: TraceEvent['type'], data: Record<string, unknown>, seq = 1): TraceEvent => ({ seq, run_id: 'r', ts: '2025-01-01T00:00:00.000Z', type, step: 1, span_id: 's', data });

describe('human decisions in the trace', () => {
  it('the resumed row says what the person decided', () => {
    expect(resumedLabel(ev('run.resumed', { action: 'approve' }))).toBe('approved');
    expect(resumedLabel(ev('run.resumed', { action: 'reject', reason: 'too long' }))).toBe('rejected: too long');
    expect(resumedLabel(ev('run.resumed', { action: 'reject' }))).toBe('rejected');
    expect(resumedLabel(ev('run.resumed', { action: 'edit', value: 'x' }))).toBe('edited');
    expect(resumedLabel(ev('run.resumed', { action: 'continue', edited: ['route'] }))).toBe('continued · state edited: route');
    expect(resumedLabel(ev('run.resumed', { action: 'approve', state: { messages: [] } }))).toBe('approved · state edited: messages');
  });

  it('a run.finished of a rejection makes the run `rejected` with the reason, and terminal', () => {
    const view = applyEvents(emptyRunView('r'), [ev('run.finished', { output: null, status: 'rejected', rejected: { node: 'approve', reason: 'not yet' } })]);
    expect(view.status).toBe('rejected');
    expect(isTerminal(view.status)).toBe(true);
    expect(view.error).toEqual({ code: 'rejected', message: 'Rejected at "approve": not yet' });
  });
});
