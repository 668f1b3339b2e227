/**
 * Node memory through HTTP (issue 9): window, summary and entity memory each change the prompt as
 * specified, per conversation (`conversation_id` on POST /api/graphs/:id/runs), and survive a server
 * restart over the same database; chat completions without a conversation are stateless; a garbage
 * entity reply degrades with a trace note instead of failing the run.
 */
import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { GraphDocument } from '@/lib/graph/schema';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;

withMockHarness((started) => ({ mock, h } = started));

const SYSTEM = 'You chat with the user.';
const ENTITIES_JSON = '{"entities":[{"name":"Zorblax","kind":"person","summary":"The user."},{"name":"Acme","kind":"organization","summary":"Where Zorblax works."}]}';

function script(entities: string = ENTITIES_JSON) {
  mock.script([
    { name: 'summary-1', match: { systemContains: 'running summary', anyMessageContains: 'Summary so far:\n(none)' }, reply: { content: 'Zorblax introduced himself.' } },
    { name: 'summary-n', match: { systemContains: 'running summary' }, reply: { content: 'Zorblax introduced himself and works at Acme.' } },
    { name: 'entities', match: { systemContains: 'named entities' }, reply: { content: entities } },
    { name: 'chat', match: { systemContains: SYSTEM }, reply: { content: 'ok' } },
  ]);
}

function memoryGraph(name: string, memory: Record<string, unknown>): GraphDocument {
  return agentGraph(name, { agent: { system_prompt: SYSTEM, memory } });
}

/** The messages of the chat agent's last model request, as "role: content" lines. */
function lastChatPrompt(): string[] {
  const reqs = mock.chatRequests().filter((r: MockChatRequest) => r.messages.some((m) => m.role === 'system' && String(m.content).includes(SYSTEM)));
  return reqs.at(-1)!.messages.map((m) => `${m.role}: ${String(m.content)}`);
}

describe('node memory per conversation', () => {
  it('window: the earlier turns of the conversation come back, only the last N reach the prompt, also after a restart', async () => {
    script();
    const graphId = await h.createGraph(memoryGraph('memory-window', { window: 2 }));
    await h.say(graphId, 'conv-window', 'My name is Zorblax.');
    expect(lastChatPrompt()).toEqual([`system: ${SYSTEM}`, 'user: My name is Zorblax.']);
    await h.say(graphId, 'conv-window', 'I live in Paris.');
    expect(lastChatPrompt()).toEqual([`system: ${SYSTEM}`, 'user: My name is Zorblax.', 'assistant: ok', 'user: I live in Paris.']);
    await h.restart();
    const third = await h.say(graphId, 'conv-window', 'What is my name?');
    expect(lastChatPrompt()).toEqual([`system: ${SYSTEM}`, 'user: I live in Paris.', 'assistant: ok', 'user: What is my name?']);
    const read = third.events.find((e) => e.type === 'memory.read')!;
    expect(read.data).toMatchObject({ turns: 3, kept_turns: 2, stored: true });
    // another conversation starts empty
    await h.say(graphId, 'conv-other', 'Hello');
    expect(lastChatPrompt()).toEqual([`system: ${SYSTEM}`, 'user: Hello']);
  });

  it('summary and entities: older turns are summarized, entities extracted, both kept across a restart', async () => {
    script();
    const graphId = await h.createGraph(memoryGraph('memory-summary', { window: 1, summary: { after: 1 }, entities: { every: 2 } }));
    const counted = mock.count('summary-1') + mock.count('entities');
    const entitiesBefore = mock.count('entities');
    await h.say(graphId, 'conv-s', 'My name is Zorblax.');
    expect(lastChatPrompt()).toEqual([`system: ${SYSTEM}`, 'user: My name is Zorblax.']);
    expect(mock.count('summary-1') + mock.count('entities')).toBe(counted);

    const second = await h.say(graphId, 'conv-s', 'I work at Acme.');
    expect(mock.count('summary-1') + mock.count('entities') - counted).toBe(2);
    expect(mock.count('entities') - entitiesBefore).toBe(1);
    expect(lastChatPrompt()).toEqual([
      `system: ${SYSTEM}`,
      'system: Summary of the earlier conversation:\nZorblax introduced himself.',
      'system: Known entities:\n- Zorblax (person): The user.\n- Acme (organization): Where Zorblax works.',
      'user: I work at Acme.',
    ]);
    const writes = second.events.filter((e) => e.type === 'memory.write');
    expect(writes.map((e) => e.data.kind)).toEqual(['summary', 'entities']);
    // each memory model call hangs under its memory span
    const llm = second.events.filter((e) => e.type === 'llm.request');
    expect(llm.slice(0, 2).map((e) => e.parent_span_id)).toEqual(writes.map((e) => e.span_id));

    await h.restart();
    await h.say(graphId, 'conv-s', 'Who am I?');
    // the stored summary is extended with the newly old turn only; entities are not due (every 2)
    const summaryCall = mock.chatRequests().filter((r) => String(r.messages[0].content).includes('running summary')).at(-1)!;
    expect(String(summaryCall.messages[1].content)).toContain('Summary so far:\nZorblax introduced himself.');
    expect(String(summaryCall.messages[1].content)).not.toContain('My name is Zorblax');
    expect(mock.count('entities') - entitiesBefore).toBe(1);
    expect(lastChatPrompt()).toEqual([
      `system: ${SYSTEM}`,
      'system: Summary of the earlier conversation:\nZorblax introduced himself and works at Acme.',
      'system: Known entities:\n- Zorblax (person): The user.\n- Acme (organization): Where Zorblax works.',
      'user: Who am I?',
    ]);
  });

  it('a garbage entity reply does not fail the run: memory.write says why and the prompt has no entities', async () => {
    script('Sorry, I cannot produce JSON today.');
    const graphId = await h.createGraph(memoryGraph('memory-garbage', { entities: { every: 1 } }));
    const done = await h.say(graphId, 'conv-g', 'My name is Zorblax.');
    const write = done.events.find((e) => e.type === 'memory.write')!;
    expect(write.data).toMatchObject({ kind: 'entities', stored: true, error: expect.stringMatching(/did not answer JSON: Sorry/) });
    expect(lastChatPrompt()).toEqual([`system: ${SYSTEM}`, 'user: My name is Zorblax.']);
  });
});

describe('chat completions', () => {
  const history = [
    { role: 'user', content: 'one' },
    { role: 'assistant', content: 'r1' },
    { role: 'user', content: 'two' },
    { role: 'assistant', content: 'r2' },
    { role: 'user', content: 'three' },
  ];

  it('without a conversation: stateless, the window applies to the history in the request and the summary is not kept', async () => {
    script();
    await h.createGraph(memoryGraph('memory-chat', { summary: { after: 1 } }));
    const before = mock.count('summary-1');
    const first = await h.call('POST', '/api/v1/chat/completions', { model: 'memory-chat', messages: history });
    expect(first.status).toBe(200);
    expect(lastChatPrompt()).toEqual([`system: ${SYSTEM}`, 'system: Summary of the earlier conversation:\nZorblax introduced himself.', 'user: three']);
    const again = await h.call('POST', '/api/v1/chat/completions', { model: 'memory-chat', messages: history });
    expect(again.status).toBe(200);
    expect(mock.count('summary-1') - before).toBe(2); // nothing was stored: summarized again from scratch
  });

  it('with X-Conversation-Id: memory is kept; a malformed id is refused', async () => {
    script();
    await h.createGraph(memoryGraph('memory-chat-conv', { summary: { after: 1 } }));
    const headers = { 'x-conversation-id': 'chat-conv-1' };
    const before = mock.count('summary-n');
    await h.call('POST', '/api/v1/chat/completions', { model: 'memory-chat-conv', messages: history.slice(0, 3) }, headers);
    await h.call('POST', '/api/v1/chat/completions', { model: 'memory-chat-conv', messages: history }, headers);
    expect(mock.count('summary-n') - before).toBe(1); // the second request extends the stored summary
    expect(lastChatPrompt()[1]).toBe('system: Summary of the earlier conversation:\nZorblax introduced himself and works at Acme.');
    const bad = await h.call('POST', '/api/v1/chat/completions', { model: 'memory-chat-conv', messages: history }, { 'x-conversation-id': 'has spaces' });
    expect(bad.status).toBe(400);
  });
});
