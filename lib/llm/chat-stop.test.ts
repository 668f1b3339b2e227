/** A server that refuses `stop` (a 400 naming it): the call is made again without it and cut at the stop word here. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createModelPort } from './chat';
import { startMockOpenAI, type MockOpenAI } from './testing/mock-openai-server';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

// The mock model listens on 127.0.0.1: allowed as an operator allows a local server.
allowLoopbackModels();

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      { name: 'refuse', match: (r) => Array.isArray(r.stop), reply: { error: { status: 400, message: "Unsupported parameter: 'stop' is not supported with this model." } } },
      { name: 'react', reply: { content: 'Thought: look\nAction: search\nAction Input: rails\nObservation: made up\nThought: more', chunkSize: 3 } },
    ],
  });
});
afterAll(async () => mock?.close());

it('retries without stop once, remembers it, and ends the reply (and its stream) before the stop word', async () => {
  const port = createModelPort({ resolveConnection: async () => ({ name: 'local', base_url: mock.url, api_key: 'x' }), maxRetries: 0 });
  const retries: string[] = [];
  const ask = async () => {
    let streamed = '';
    const res = await port.chat({
      connection: 'local',
      model: 'm',
      messages: [{ role: 'user', content: 'go' }],
      stop: ['\nObservation:'],
      signal: new AbortController().signal,
      onDelta: (t) => (streamed += t),
      onRetry: (i) => retries.push(i.reason),
    });
    return { res, streamed };
  };
  const first = await ask();
  expect(first.res.message.content).toBe('Thought: look\nAction: search\nAction Input: rails');
  expect(first.streamed).toBe(first.res.message.content);
  expect(retries).toEqual([expect.stringContaining('retrying without "stop"')]);
  const second = await ask();
  expect(second.res.message.content).toBe(first.res.message.content);
  expect(retries).toHaveLength(1); // remembered: no second refusal
  expect(mock.chatRequests().filter((r) => Array.isArray(r.stop))).toHaveLength(1);
});

it('a connection saved without a key runs (the SDK gets the placeholder key)', async () => {
  const port = createModelPort({ resolveConnection: async () => ({ name: 'keyless', base_url: mock.url, api_key: '' }), maxRetries: 0 });
  const res = await port.chat({ connection: 'keyless', model: 'm', messages: [{ role: 'user', content: 'go' }], signal: new AbortController().signal });
  expect(res.message.content).toContain('Thought: look');
});
