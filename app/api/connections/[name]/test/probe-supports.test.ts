/** The connection Test finds out what a server accepts: tiny chat calls with stop, tools and stream_options. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { probeConnection } from './probe-connection';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

// The mock model listens on 127.0.0.1: allowed as an operator allows a local server.
allowLoopbackModels();

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI({ models: ['small'], rules: [{ reply: { content: 'OK' } }] });
});
afterAll(async () => mock?.close());

const connection = () => ({ name: 'local', base_url: mock.url, api_key: '' });

it('a server that accepts everything: all supported, asked with the first listed model', async () => {
  mock.refuse({});
  const r = await probeConnection(connection());
  expect(r).toMatchObject({ ok: true, probe_model: 'small', supports: { stop: true, tools: true, stream_usage: true } });
  expect(r.ok && r.refused).toBeUndefined();
  const sent = mock.chatRequests() as unknown as Record<string, unknown>[];
  expect(sent.map((b) => [b.model, !!b.stop, !!b.tools, !!b.stream_options])).toEqual([
    ['small', true, false, false],
    ['small', false, true, false],
    ['small', false, false, true],
  ]);
});

it('records which parameters the server refused (a 400 naming them)', async () => {
  mock.refuse({ stop: true, tools: true, stream_options: true });
  const r = await probeConnection(connection());
  expect(r).toMatchObject({ ok: true, supports: { stop: false, tools: false, stream_usage: false } });
  expect(r.ok && r.refused).toEqual({ stop: expect.stringMatching(/^400 .*'stop'/), tools: expect.stringMatching(/'tools'/), stream_usage: expect.stringMatching(/stream_options/) });
  mock.refuse({ stop: true });
  expect(await probeConnection(connection())).toMatchObject({ supports: { stop: false, tools: true, stream_usage: true } });
});

it('a failure that does not name the parameter says nothing against it', async () => {
  mock.refuse({});
  mock.script([{ reply: { error: { status: 400, message: 'model is still loading' } } }]);
  expect(await probeConnection(connection())).toMatchObject({ ok: true, supports: { stop: true, tools: true, stream_usage: true } });
  mock.reset();
});
