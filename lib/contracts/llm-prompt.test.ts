import { describe, expect, it } from 'vitest';
import { fullPrompt } from './llm-prompt';

const req = (data: Record<string, unknown>) => ({ type: 'llm.request' as const, data: { 'gen_ai.request.model': 'm', connection: 'default', ...data } });
const sys = { role: 'system', content: 'Be brief.' };
const user = { role: 'user', content: 'Add 2 and 3' };
const call = { role: 'assistant', content: null, tool_calls: [{ id: 'c1' }] };
const tool = { role: 'tool', content: '5', tool_call_id: 'c1' };

describe('fullPrompt: the exact prompt from delta-stored llm.request events', () => {
  it('a first request is stored whole', () => {
    expect(fullPrompt([req({ messages: [sys, user] })])).toEqual([sys, user]);
  });

  it('later requests add their new messages to the first k of the previous one', () => {
    const chain = [req({ messages: [sys, user] }), req({ messages_from: 2, messages: [call, tool] }), req({ messages_from: 4, messages: [{ role: 'user', content: 'again' }] })];
    expect(fullPrompt(chain.slice(0, 2))).toEqual([sys, user, call, tool]);
    expect(fullPrompt(chain)).toEqual([sys, user, call, tool, { role: 'user', content: 'again' }]);
  });

  it('a request that shares only part of the previous prompt keeps only that part', () => {
    expect(fullPrompt([req({ messages: [sys, user, call] }), req({ messages_from: 1, messages: [tool] })])).toEqual([sys, tool]);
  });

  it('events of other types and malformed data are skipped', () => {
    expect(fullPrompt([{ type: 'llm.response', data: { content: 'x' } }, req({ messages: 'nope' }), req({ messages: [user] })])).toEqual([user]);
  });
});
