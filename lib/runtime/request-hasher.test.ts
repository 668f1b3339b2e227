import { describe, expect, it } from 'vitest';
import { requestHash } from './cassette';
import { requestHasher } from './request-hasher';
import { sameMessage } from './same-message';

const sys = { role: 'system', content: 'Be brief.' };
const user = (k: number) => ({ role: 'user', content: `question ${k}` });
const answer = (k: number) => ({ content: `answer ${k}`, role: 'assistant', name: 'agent' });
const call = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'calc', arguments: '{"expression":"2+3"}' } }] };
const result = { role: 'tool', tool_call_id: 'c1', content: '5' };
const req = (messages: unknown[], more: Record<string, unknown> = {}) => ({ model: 'm', messages, tools: null, stop: null, temperature: null, ...more });

describe('requestHasher: the hash of each request, continued from the messages sent before', () => {
  it('equals requestHash for every request of a growing conversation with tool loops, edits and other nodes', () => {
    const hash = requestHasher();
    let history: unknown[] = [user(0)];
    const seen: string[] = [];
    for (let step = 1; step <= 6; step++) {
      const first = req([sys, ...history]);
      const second = req([sys, ...history, call, result]);
      for (const [node, r] of [['a', first], ['a', second], ['b', req([{ ...sys, content: 'Review.' }, ...history])]] as const) {
        const h = hash({ kind: 'llm', node, request: r });
        expect(h).toBe(requestHash(r));
        seen.push(h);
      }
      history = [...history, answer(step), user(step)];
      // A person's edit rewrites the conversation: nothing to continue from.
      if (step === 4) history = [{ role: 'user', content: 'start over' }];
    }
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('a change of anything besides the messages (model, tools, key order, undefined fields) hashes as requestHash does', () => {
    const hash = requestHasher();
    const msgs = [sys, user(1)];
    for (const r of [
      req(msgs),
      req(msgs, { model: 'other' }),
      req(msgs, { tools: [{ type: 'function', function: { name: 'calc' } }] }),
      { temperature: 0.2, stop: ['x'], messages: msgs, model: 'm', extra: undefined },
      req([...msgs, { role: 'user', content: 'x', name: undefined }]),
      req([...msgs, undefined]),
      req([]),
      { max_tokens: 10, messages: msgs },
      { tool: 'calc', args: { expression: '1+1' } },
    ]) {
      expect(hash({ kind: 'llm', node: 'a', request: r })).toBe(requestHash(r));
    }
  });

  it('a message changed in the middle is not continued from the older hash', () => {
    const hash = requestHasher();
    const before = req([sys, user(1), answer(1), user(2)]);
    const after = req([sys, user(1), { ...answer(1), content: 'edited' }, user(2)]);
    expect(hash({ kind: 'llm', node: 'a', request: before })).toBe(requestHash(before));
    expect(hash({ kind: 'llm', node: 'a', request: after })).toBe(requestHash(after));
    expect(requestHash(after)).not.toBe(requestHash(before));
  });
});

describe('sameMessage', () => {
  it('compares fields by value and nested values by canonical JSON; a field missing on one side differs', () => {
    expect(sameMessage({ role: 'user', content: 'a' }, { content: 'a', role: 'user' })).toBe(true);
    expect(sameMessage({ tool_calls: [{ id: 'c', type: 'function' }] }, { tool_calls: [{ type: 'function', id: 'c' }] })).toBe(true);
    expect(sameMessage({ a: undefined, b: 1 }, { b: 1, c: 2 })).toBe(false);
    expect(sameMessage({ content: 'a' }, { content: 'b' })).toBe(false);
    expect(sameMessage({ content: [{ text: 'x' }] }, { content: 'x' })).toBe(false);
    expect(sameMessage(null, {})).toBe(false);
  });
});
