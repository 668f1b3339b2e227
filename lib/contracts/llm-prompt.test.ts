import { describe, expect, it } from 'vitest';
import { fullPrompt, promptResolver } from './llm-prompt';

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

describe('promptResolver: llm.request events that refer to earlier ones (messages_ref)', () => {
  const at = (seq: number, data: Record<string, unknown>, parent = `n${seq}`) => ({ seq, span_id: `l${seq}`, parent_span_id: parent, ...req(data) });
  const a1 = { role: 'assistant', content: 'First answer.' };
  const u2 = { role: 'user', content: 'And now?' };

  it('follows references across node spans (steps) and keeps a shared prefix only', () => {
    const events = [
      at(3, { messages: [sys, user] }),
      at(5, { messages_ref: { seq: 3, count: 2 }, messages: [call, tool] }, 'n3'),
      { seq: 6, type: 'llm.response' as const, data: { content: 'First answer.' } },
      at(9, { messages_ref: { seq: 5, count: 2 }, messages: [a1, u2] }),
      at(12, { messages_ref: { seq: 9, count: 4 }, messages: [] }),
    ];
    const resolve = promptResolver(events);
    expect(resolve(events[1])).toEqual({ messages: [sys, user, call, tool], complete: true });
    expect(resolve(events[3])).toEqual({ messages: [sys, user, a1, u2], complete: true });
    expect(resolve(events[4])).toEqual({ messages: [sys, user, a1, u2], complete: true });
    // Resolving out of order (no cache) gives the same.
    expect(promptResolver(events)(events[4]).messages).toEqual([sys, user, a1, u2]);
  });

  it('a reference to an event that is not there says the prompt is incomplete; a loop of references ends', () => {
    expect(promptResolver([at(9, { messages_ref: { seq: 4, count: 2 }, messages: [u2] })])(at(9, { messages_ref: { seq: 4, count: 2 }, messages: [u2] }))).toEqual({ messages: [u2], complete: false });
    const loop = [at(2, { messages_ref: { seq: 3, count: 1 }, messages: [user] }), at(3, { messages_ref: { seq: 2, count: 1 }, messages: [u2] })];
    expect(promptResolver(loop)(loop[1]).messages.length).toBeLessThanOrEqual(2);
  });

  it('rejects a malformed reference (the schema: seq and count are positive integers)', () => {
    const bad = at(4, { messages_ref: { seq: 'x', count: 2 }, messages: [u2] });
    expect(promptResolver([bad])(bad)).toEqual({ messages: [], complete: true });
  });
});
