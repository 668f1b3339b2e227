/**
 * The reply cap (SWITCHYARD_MAX_REPLY_BYTES) through the real openai client over HTTP: a streamed
 * reply, a JSON reply and an error body past the cap each stop the request (the server sees the
 * client go away) with `model_reply_too_large`; a reply under the cap is untouched.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../engine/ports';
import { setEnv } from '@/lib/testing/env';
import { failure } from '@/lib/testing/app-error';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';
import { createModelPort } from './chat';
import { openaiClient } from './openai-client';
import { DEFAULT_MAX_REPLY_BYTES, maxReplyBytes, replyTooLarge } from './reply-cap';
import { startMockOpenAI, type MockOpenAI } from './testing/mock-openai-server';

allowLoopbackModels();

let mock: MockOpenAI;
let restore: (() => void) | undefined;
beforeAll(async () => {
  mock = await startMockOpenAI();
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.reset();
  restore = setEnv({ SWITCHYARD_MAX_REPLY_BYTES: String(256 * 1024) });
});
afterEach(() => restore?.());

const connection = () => ({ name: 'capped', base_url: mock.url, api_key: 'sk-cap-test' });
const modelPort = () => createModelPort({ resolveConnection: async () => connection(), sleep: async () => {} });
const req = (extra: Partial<ChatRequest> = {}): ChatRequest => ({ connection: 'capped', model: 'mock-model', messages: [{ role: 'user', content: 'hi' }], signal: new AbortController().signal, ...extra });

describe('SWITCHYARD_MAX_REPLY_BYTES', () => {
  it('reads the variable: default 4 MiB, a floor of 64 KiB, nonsense ignored', () => {
    expect(maxReplyBytes({})).toBe(DEFAULT_MAX_REPLY_BYTES);
    expect(maxReplyBytes({ SWITCHYARD_MAX_REPLY_BYTES: '1048576' })).toBe(1048576);
    expect(maxReplyBytes({ SWITCHYARD_MAX_REPLY_BYTES: '10' })).toBe(64 * 1024);
    expect(maxReplyBytes({ SWITCHYARD_MAX_REPLY_BYTES: 'lots' })).toBe(DEFAULT_MAX_REPLY_BYTES);
  });

  it('a streamed reply past the cap fails with model_reply_too_large, not retried, and the request is aborted', async () => {
    mock.script([{ name: 'flood', reply: { flood: { bytes: 20 * 1024 * 1024 } } }]);
    let streamed = 0;
    const err = await failure(modelPort().chat(req({ onDelta: (t) => (streamed += t.length) })));
    expect(err.code).toBe('model_reply_too_large');
    expect(err.message).toContain('SWITCHYARD_MAX_REPLY_BYTES');
    expect(err.details).toMatchObject({ limit_bytes: 256 * 1024 });
    expect(mock.count('flood')).toBe(1); // not retried
    expect(streamed).toBeGreaterThan(0);
    expect(streamed).toBeLessThanOrEqual(256 * 1024);
    expect((await mock.waitForClientClose()).rule).toBe('flood');
  });

  it('a JSON body (no stream) past the cap fails the same way', async () => {
    mock.script([{ name: 'flood', reply: { flood: { bytes: 20 * 1024 * 1024, json: true } } }]);
    const err = await failure(modelPort().chat(req()));
    expect(err.code).toBe('model_reply_too_large');
    // A non-streamed call of the client (the connection Test's) is cut off too.
    const raw = await openaiClient(connection(), 10_000).chat.completions.create({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(replyTooLarge(raw)).toBeDefined();
  });

  it('an error body past the cap (its content-length says so) is refused before it is read', async () => {
    mock.script([{ name: 'big-error', reply: { error: { status: 400, body: { error: { message: 'y'.repeat(2 * 1024 * 1024) } } } } }]);
    const err = await failure(modelPort().chat(req()));
    expect(err.code).toBe('model_reply_too_large');
    expect(mock.count('big-error')).toBe(1);
    expect(err.message.length).toBeLessThan(5_000);
    expect(err.message).not.toContain('y'.repeat(1000));
  });

  it('a reply under the cap is untouched', async () => {
    mock.script([{ reply: { content: 'z'.repeat(100_000), chunkSize: 10_000 } }]);
    const r = await modelPort().chat(req());
    expect(r.message.content).toBe('z'.repeat(100_000));
  });
});
