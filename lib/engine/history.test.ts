import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './ports';
import { viewOf } from './history';

const call = (id: string, name: string) => ({ id, type: 'function' as const, function: { name, arguments: '{}' } });

/** A writer/reviewer conversation, with a tool round of the researcher in the middle. */
const convo: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Write a haiku' },
  { role: 'assistant', name: 'writer', content: 'Draft 1' },
  { role: 'assistant', name: 'researcher', content: 'Let me look.', tool_calls: [call('c1', 'search')] },
  { role: 'tool', tool_call_id: 'c1', content: 'results' },
  { role: 'assistant', name: 'reviewer', content: 'revise: shorter' },
];

const brief = (msgs: ChatMessage[]) => msgs.map((m) => `${m.role}${'name' in m && m.name ? `(${m.name})` : ''}:${m.content ?? ''}`);

describe('viewOf: who said what', () => {
  it("keeps the node's own messages as assistant and gives others' as user messages naming their author", () => {
    expect(brief(viewOf(convo, 'writer'))).toEqual([
      'system:Be brief.',
      'user:Write a haiku',
      'assistant(writer):Draft 1',
      'user(researcher):[researcher] Let me look.',
      'user(reviewer):[reviewer] revise: shorter',
    ]);
  });

  it("keeps tool calls and their results with the node that made them; others see only the author's text", () => {
    const own = viewOf(convo, 'researcher');
    expect(own[3]).toEqual({ role: 'assistant', name: 'researcher', content: 'Let me look.', tool_calls: [call('c1', 'search')] });
    expect(own[4]).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'results' });
    expect(viewOf(convo, 'writer').some((m) => m.role === 'tool' || (m.role === 'assistant' && m.tool_calls))).toBe(false);
    // A call without text shows nothing to other nodes; a result without its call is dropped.
    const silent: ChatMessage[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', name: 'a', content: null, tool_calls: [call('c2', 'calc')] },
      { role: 'tool', tool_call_id: 'c2', content: '4' },
      { role: 'tool', tool_call_id: 'orphan', content: 'lost' },
    ];
    expect(brief(viewOf(silent, 'b'))).toEqual(['user:q']);
    expect(viewOf(silent, 'a')).toHaveLength(3);
  });

  it("treats assistant turns without an author (an earlier turn's answers from the caller) as the node's own", () => {
    const chat: ChatMessage[] = [
      { role: 'user', content: 'My name is Zorblax' },
      { role: 'assistant', content: 'Hello Zorblax', tool_calls: [call('c9', 'lookup')] },
      { role: 'tool', tool_call_id: 'c9', content: 'ok' },
      { role: 'user', content: 'What is my name?' },
    ];
    expect(viewOf(chat, 'agent')).toEqual(chat);
  });

  it('history: own keeps the user, system and own messages; last keeps the latest unit; none keeps nothing', () => {
    expect(brief(viewOf(convo, 'writer', 'own'))).toEqual(['system:Be brief.', 'user:Write a haiku', 'assistant(writer):Draft 1']);
    expect(brief(viewOf(convo, 'writer', 'last'))).toEqual(['user(reviewer):[reviewer] revise: shorter']);
    expect(viewOf(convo.slice(0, 5), 'researcher', 'last')).toHaveLength(2);
    expect(viewOf(convo, 'writer', 'none')).toEqual([]);
  });

  it('never changes the messages it is given', () => {
    const before = structuredClone(convo);
    viewOf(convo, 'writer')[2].content = 'changed';
    expect(convo).toEqual(before);
  });
});
