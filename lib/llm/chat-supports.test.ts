/** A connection's `supports`: what the model port leaves out of the request, against a mock that refuses it. */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createModelPort } from './chat';
import type { Connection } from './connection';
import { startMockOpenAI, type MockOpenAI } from './testing/mock-openai-server';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

// The mock model listens on 127.0.0.1: allowed as an operator allows a local server.
allowLoopbackModels();

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [{ name: 'react', reply: { content: 'Thought: t\nAction: a\nObservation: no', chunkSize: 4 } }] });
});
afterEach(() => {
  mock.reset();
  mock.refuse({});
});
afterAll(async () => mock?.close());

const signal = new AbortController().signal;
const portFor = (c: Omit<Connection, 'name' | 'base_url' | 'api_key'>) =>
  createModelPort({ resolveConnection: async () => ({ name: 'c', base_url: mock.url, api_key: '', ...c }), maxRetries: 0 });

it('the mock refuses stop, tools and stream_options with a 400 naming them', async () => {
  mock.refuse({ stop: true, tools: true, stream_options: true });
  const port = portFor({ supports: { stop: true } });
  await expect(port.chat({ connection: 'c', model: 'm', messages: [{ role: 'user', content: 'x' }], signal, tools: [{ type: 'function', function: { name: 'f', parameters: {} } }] })).rejects.toThrow(/tools/);
});

it('supports.stop false: no stop is sent and the reply ends before the stop word; stream_usage false: no stream_options', async () => {
  mock.refuse({ stop: true, stream_options: true });
  const retries: string[] = [];
  const port = portFor({ supports: { stop: false, stream_usage: false } });
  const res = await port.chat({ connection: 'c', model: 'm', messages: [{ role: 'user', content: 'x' }], stop: ['\nObservation:'], signal, onRetry: (i) => retries.push(i.reason) });
  expect(res.message.content).toBe('Thought: t\nAction: a');
  expect(retries).toEqual([]); // nothing was refused: nothing was sent that the server refuses
  const [sent] = mock.chatRequests() as unknown as Record<string, unknown>[];
  expect(sent.stop).toBeUndefined();
  expect(sent.stream_options).toBeUndefined();
  expect(await port.supports!('c')).toEqual({ stop: false, stream_usage: false });
});

it('a server that refuses stream_options is asked again without it, once', async () => {
  mock.refuse({ stream_options: true });
  const retries: string[] = [];
  const port = portFor({});
  const ask = () => port.chat({ connection: 'c', model: 'm', messages: [{ role: 'user', content: 'x' }], signal, onRetry: (i) => retries.push(i.reason) });
  expect((await ask()).message.content).toContain('Thought: t');
  await ask();
  expect(retries).toEqual([expect.stringContaining('without "stream_options"')]);
});

it('tool_choice goes with the tools', async () => {
  const port = portFor({});
  const tools = [{ type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } }];
  await port.chat({ connection: 'c', model: 'm', messages: [{ role: 'user', content: 'x' }], tools, tool_choice: 'required', signal });
  await port.chat({ connection: 'c', model: 'm', messages: [{ role: 'user', content: 'x' }], tool_choice: 'required', signal });
  const sent = mock.chatRequests() as unknown as Record<string, unknown>[];
  expect(sent[0].tool_choice).toBe('required');
  expect(sent[1].tool_choice).toBeUndefined(); // without tools it would be refused
});
