/**
 * The editor's conversations over HTTP (issue 22, part 1): a graph's conversations are created,
 * listed, renamed and deleted; a turn is a run with the conversation's id (`source: chat`) whose
 * earlier turns reach the mock model as history; a retried turn cuts the conversation there. Bad
 * input is a 400 naming the field, unknown ids a 404. (Other workspaces' members get 404 and viewers
 * 403 on every write: lib/server/workspace-routes.test.ts, which lists these routes.)
 */
import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { Harness } from '@/lib/runtime/testing/harness';
import { withMockHarness } from '@/lib/runtime/testing/mock-harness';
import { agentGraph } from '@/lib/runtime/testing/graphs';

let mock: MockOpenAI;
let h: Harness;
withMockHarness((started) => ({ mock, h } = started));

const SYSTEM = 'You are a friendly chat bot.';
const last = (req: MockChatRequest) => String(req.messages.at(-1)?.content ?? '');

function script() {
  mock.script([
    {
      name: 'chat',
      match: { systemContains: SYSTEM },
      reply: (req) => {
        const said = req.messages.map((m) => `${m.role}:${String(m.content)}`).join('|');
        const name = /My name is (\w+)/.exec(said)?.[1];
        return { content: last(req).startsWith('What is my name') ? `Your name is ${name ?? 'unknown'}.` : `Nice to meet you!` };
      },
    },
  ]);
}

async function newChat(graphId: string, body: unknown = {}) {
  const r = await h.call('POST', `/api/graphs/${graphId}/conversations`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.conversation as { id: string; title: string | null; graph_id: string; source: string };
}

async function send(conversationId: string, input: string, extra: Record<string, unknown> = {}) {
  const r = await h.call('POST', `/api/conversations/${conversationId}/turns`, { input, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const done = await h.waitForStatus(r.body.run_id, ['succeeded', 'failed']);
  return { ...r.body, run: done.run } as { run_id: string; detached: number; conversation: { title: string }; run: { output: unknown; source: string; status: string } };
}

describe('conversations of a graph (HTTP, mock model)', () => {
  it('two turns: the second answer depends on the first (the history reached the model); listed newest first, titled by the first message', async () => {
    script();
    const graphId = await h.createGraph(agentGraph('chatty', { agent: { system_prompt: SYSTEM } }));
    const c = await newChat(graphId);
    expect([c.title, c.graph_id, c.source]).toEqual([null, graphId, 'chat']);
    const first = await send(c.id, 'My name is Ada');
    expect([first.run.status, first.run.source, first.conversation.title]).toEqual(['succeeded', 'chat', 'My name is Ada']);
    const second = await send(c.id, 'What is my name?');
    expect(second.run.output).toBe('Your name is Ada.');
    const prompt = mock.chatRequests().at(-1)!.messages.map((m) => `${m.role}: ${String(m.content)}`);
    expect(prompt.slice(-3)).toEqual(['user: My name is Ada', 'assistant: Nice to meet you!', 'user: What is my name?']);

    const detail = await h.call('GET', `/api/conversations/${c.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.turns.map((t: { input: string; output: unknown }) => [t.input, t.output])).toEqual([
      ['My name is Ada', 'Nice to meet you!'],
      ['What is my name?', 'Your name is Ada.'],
    ]);
    const other = await newChat(graphId, { title: 'Another' });
    const list = await h.call('GET', `/api/graphs/${graphId}/conversations`);
    expect(list.body.conversations.map((x: { id: string }) => x.id)).toEqual([other.id, c.id]);
    expect((await h.call('GET', `/api/graphs/${graphId}/conversations?source=public`)).body.conversations).toEqual([]);
  });

  it('a retried turn cuts the conversation there: the model no longer sees the turns after it; the runs stay in the run history', async () => {
    script();
    const graphId = await h.createGraph(agentGraph('retry', { agent: { system_prompt: SYSTEM } }));
    const c = await newChat(graphId);
    await send(c.id, 'My name is Ada');
    const wrong = await send(c.id, 'My name is Bob');
    const edited = await send(c.id, 'My name is Cy', { replaces_run_id: wrong.run_id });
    expect(edited.detached).toBe(1);
    const asked = await send(c.id, 'What is my name?');
    expect(asked.run.output).toBe('Your name is Ada.'); // the first "My name is" the mock finds: Bob's turn is gone from the history
    const prompt = mock.chatRequests().at(-1)!.messages.map((m) => String(m.content));
    expect(prompt.some((t) => t.includes('Bob'))).toBe(false);
    expect(prompt.some((t) => t.includes('Cy'))).toBe(true);
    const turns = (await h.call('GET', `/api/conversations/${c.id}`)).body.turns.map((t: { input: string }) => t.input);
    expect(turns).toEqual(['My name is Ada', 'My name is Cy', 'What is my name?']);
    const history = (await h.call('GET', `/api/graphs/${graphId}/runs`)).body.runs.map((r: { input: string }) => r.input);
    expect(history).toContain('My name is Bob');
  });

  it('rename, metadata and delete (its runs stay); then 404', async () => {
    script();
    const graphId = await h.createGraph(agentGraph('renamed', { agent: { system_prompt: SYSTEM } }));
    const c = await newChat(graphId);
    const t = await send(c.id, 'My name is Ada');
    const patched = await h.call('PATCH', `/api/conversations/${c.id}`, { title: '  Introductions ', metadata: { topic: 'names' } });
    expect([patched.status, patched.body.conversation.title, patched.body.conversation.metadata]).toEqual([200, 'Introductions', { topic: 'names' }]);
    expect((await h.call('DELETE', `/api/conversations/${c.id}`)).status).toBe(204);
    expect((await h.call('GET', `/api/conversations/${c.id}`)).status).toBe(404);
    expect((await h.call('DELETE', `/api/conversations/${c.id}`)).status).toBe(404);
    expect((await h.call('GET', `/api/runs/${t.run_id}`)).status).toBe(200);
  });

  it('bad input is a 400 naming the field; unknown graphs, conversations and turns are 404', async () => {
    const graphId = await h.createGraph(agentGraph('strict', { agent: { system_prompt: SYSTEM } }));
    const c = await newChat(graphId);
    const bad = async (method: string, path: string, body: unknown, field: string) => {
      const r = await h.call(method, path, body);
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error.message).toContain(field);
    };
    await bad('POST', `/api/conversations/${c.id}/turns`, { input: '   ' }, 'input');
    await bad('POST', `/api/conversations/${c.id}/turns`, { input: 'hi', sneaky: 1 }, 'sneaky');
    await bad('POST', `/api/graphs/${graphId}/conversations`, { title: 'x'.repeat(201) }, 'title');
    await bad('PATCH', `/api/conversations/${c.id}`, {}, 'give title or metadata');
    await bad('PATCH', `/api/conversations/${c.id}`, { title: '' }, 'title');
    await bad('GET', `/api/graphs/${graphId}/conversations?source=nowhere`, undefined, 'source');
    const missing = async (method: string, path: string, body?: unknown) => expect((await h.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    await missing('GET', '/api/graphs/no-such-graph/conversations');
    await missing('POST', '/api/graphs/no-such-graph/conversations', {});
    await missing('GET', '/api/conversations/conv_nope');
    await missing('PATCH', '/api/conversations/conv_nope', { title: 'x' });
    await missing('POST', '/api/conversations/conv_nope/turns', { input: 'hi' });
    const r = await h.call('POST', `/api/conversations/${c.id}/turns`, { input: 'again', replaces_run_id: 'no-such-run' });
    expect([r.status, r.body.error.message]).toEqual([404, `run no-such-run in conversation ${c.id} not found`]);
    expect((await h.call('GET', `/api/conversations/${c.id}`)).body.turns).toEqual([]);
  });
});
