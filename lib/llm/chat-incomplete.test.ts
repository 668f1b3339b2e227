/**
 * A model stream cut short (no finish_reason, no [DONE]) is a failed attempt: retried, then
 * `model_incomplete`; a stream with either end marker is an answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../errors';
import type { ChatRequest } from '../engine/ports';
import { createModelPort } from './chat';
import { startMockOpenAI, type MockOpenAI } from './testing/mock-openai-server';
import { failure } from '@/lib/testing/app-error';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

allowLoopbackModels();

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

function port(maxRetries = 2) {
  const retries: string[] = [];
  const p = createModelPort({
    resolveConnection: async () => ({ name: 'default', base_url: mock.url, api_key: 'sk-test' }),
    sleep: async () => undefined,
    maxRetries,
  });
  const req = (content: string, deltas: string[] = []): ChatRequest => ({
    connection: 'default',
    model: 'mock-model',
    messages: [{ role: 'user', content }],
    signal: new AbortController().signal,
    onDelta: (t) => deltas.push(t),
    onRetry: (i) => retries.push(i.reason),
  });
  return { port: p, req, retries };
}

describe('model port: a stream cut short', () => {
  it('is retried per the retry policy, then fails with model_incomplete (502); the partial text is not returned', async () => {
    mock.script([{ reply: { content: 'A partial answer that never ends', chunkSize: 6, truncateAfter: 3 } }]);
    const { port: p, req, retries } = port(2);
    const deltas: string[] = [];
    const err = await failure(p.chat(req('hi', deltas)));
    expect(err.code).toBe('model_incomplete');
    expect(statusOf(err.code)).toBe(502);
    expect(err.message).toMatch(/ended its reply early.*without a finish_reason or \[DONE\].*gave up after 3 attempts/);
    expect(mock.chatRequests()).toHaveLength(3);
    expect(retries).toHaveLength(2);
    expect(retries[0]).toMatch(/^incomplete stream/);
    // What streamed before the cut was seen as deltas, but nothing of it came back as an answer.
    expect(deltas.join('')).toContain('A part');
  });

  it('a retry that completes is the answer', async () => {
    mock.script([
      { times: 1, reply: { content: 'Cut off in the mid', chunkSize: 4, truncateAfter: 2 } },
      { reply: { content: 'The whole answer.' } },
    ]);
    const { port: p, req, retries } = port(2);
    const r = await p.chat(req('hi'));
    expect(r.message.content).toBe('The whole answer.');
    expect(r.finish_reason).toBe('stop');
    expect(retries).toHaveLength(1);
  });

  it('a stream with [DONE] but no finish_reason (some compatible servers) is complete', async () => {
    mock.script([{ reply: { flood: { bytes: 2000, chunkBytes: 500 } } }]);
    const { port: p, req, retries } = port(0);
    const r = await p.chat(req('hi'));
    expect(r.finish_reason).toBeNull();
    expect(r.message.content).toMatch(/^x+$/);
    expect(retries).toEqual([]);
  });

  it('a stream with a finish_reason but cut before [DONE] is complete', async () => {
    // The finish chunk is the 3rd frame (role, content, finish); the usage chunk and [DONE] never come.
    mock.script([{ reply: { content: 'Done already.', truncateAfter: 3 } }]);
    const { port: p, req } = port(0);
    const r = await p.chat(req('hi'));
    expect(r).toMatchObject({ message: { content: 'Done already.' }, finish_reason: 'stop' });
  });
});
