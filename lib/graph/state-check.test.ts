import { describe, expect, it } from 'vitest';
import { channelProblem, stateProblems } from './state-check';

const doc = { state: { route: { type: 'string' as const }, count: { type: 'number' as const }, items: { type: 'list' as const }, done: { type: 'boolean' as const } } };

describe('stateProblems (a state or patch against the channels)', () => {
  it('accepts values of the channels’ types, null, and the implicit channels', () => {
    expect(stateProblems(doc, { route: 'refund', count: 2, items: [1], done: false, input: 'x', messages: [{ role: 'user', content: 'hi' }] })).toEqual([]);
    expect(stateProblems(doc, { route: null })).toEqual([]);
    expect(stateProblems({}, { messages: [] })).toEqual([]);
  });

  it('names each bad channel and value type', () => {
    expect(stateProblems(doc, { route: 3, count: '2', items: 'a', done: 'yes' }).map((p) => p.path)).toEqual(['state.route', 'state.count', 'state.items', 'state.done']);
    expect(channelProblem(doc, 'count', 'two')).toBe('channel "count" is number, so the value must be a number (got two)');
  });

  it('refuses an unknown channel, listing the known ones', () => {
    expect(stateProblems(doc, { routee: 'x' })).toEqual([{ path: 'state.routee', message: expect.stringContaining('no state channel "routee"') }]);
    expect(channelProblem({}, 'x', 1)).toMatch(/channels: input, messages/);
  });

  it('checks messages item by item, naming the path', () => {
    expect(stateProblems(doc, { messages: [{ role: 'user', content: 'ok' }, { role: 'robot', content: 'x' }, { role: 'user', content: 5 }, 'text'] })).toEqual([
      { path: 'state.messages[1].role', message: expect.stringContaining('role must be one of') },
      { path: 'state.messages[2].content', message: expect.stringContaining('content must be a string') },
      { path: 'state.messages[3]', message: expect.stringContaining('must be an object') },
    ]);
  });
});
