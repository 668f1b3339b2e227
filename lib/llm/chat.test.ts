import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../errors';
import type { ChatRequest } from '../engine/ports';
import { createModelPort, type ModelPortOptions } from './chat';
import type { Connection } from './connection';
import { startMockOpenAI, type MockOpenAI } from './testing/mock-openai-server';
import { REACT_STOP } from '../graph/react-text';
import { failure } from '@/lib/testing/app-error';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

// The mock model listens on 127.0.0.1: allowed as an operator allows a local server.
allowLoopbackModels();

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI({ requireKey: 'sk-test' });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const conn = (): Connection => ({ name: 'default', base_url: mock.url, api_key: 'sk-test', headers: { 'x-team': 'switchyard' } });

function port(extra: Partial<ModelPortOptions> = {}) {
  const waits: number[] = [];
  const p = createModelPort({
    resolveConnection: async (name) => (name === 'default' ? conn() : null),
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
    ...extra,
  });
  return { port: p, waits };
}

function req(content: string, extra: Partial<ChatRequest> = {}): ChatRequest {
  return { connection: 'default', model: 'mock-model', messages: [{ role: 'user', content }], signal: new AbortController().signal, ...extra };
}

describe('model port: streaming', () => {
  it('streams content deltas to onDelta and returns the whole message with usage and finish reason', async () => {
    mock.script([{ match: { lastUserContains: 'story' }, reply: { content: 'Once upon a time, there was a graph.', chunkSize: 5, usage: { prompt_tokens: 11, completion_tokens: 9 } } }]);
    const deltas: string[] = [];
    const r = await port().port.chat(req('tell me a story', { onDelta: (t) => deltas.push(t) }));
    expect(r.message).toEqual({ role: 'assistant', content: 'Once upon a time, there was a graph.' });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('Once upon a time, there was a graph.');
    expect(r.finish_reason).toBe('stop');
    expect(r.usage).toEqual({ prompt_tokens: 11, completion_tokens: 9, total_tokens: 20 });
    expect(r.model).toBe('mock-model');
    expect(r.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('sends stream options, stop, sampling, tools, the key and connection headers to the server', async () => {
    mock.script([{ reply: { content: 'ok' } }]);
    const tools = [{ type: 'function' as const, function: { name: 'calc', parameters: { type: 'object', properties: { expression: { type: 'string' } } } } }];
    await port().port.chat(req('x', { stop: REACT_STOP, temperature: 0, top_p: 0.5, max_tokens: 64, tools }));
    const sent = mock.chatRequests()[0];
    expect(sent).toMatchObject({ stream: true, stream_options: { include_usage: true }, stop: REACT_STOP, temperature: 0, top_p: 0.5, max_tokens: 64, tools });
    const headers = mock.requests[0].headers;
    expect(headers.authorization).toBe('Bearer sk-test');
    expect(headers['x-team']).toBe('switchyard');
  });

  it('assembles tool calls whose arguments are split across chunks and interleaved by index, name only in the first delta', async () => {
    mock.script([
      {
        reply: {
          tool_calls: [
            { id: 'call_a', name: 'search', arguments: { query: "Olivia Wilde's boyfriend" } },
            { id: 'call_b', name: 'calc', arguments: '{"expression":"47^0.23"}' },
          ],
          chunkSize: 3,
          interleave: true,
        },
      },
    ]);
    const r = await port().port.chat(req('go'));
    expect(r.finish_reason).toBe('tool_calls');
    expect(r.message.content).toBeNull();
    expect(r.message.tool_calls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'search', arguments: '{"query":"Olivia Wilde\'s boyfriend"}' } },
      { id: 'call_b', type: 'function', function: { name: 'calc', arguments: '{"expression":"47^0.23"}' } },
    ]);
  });

  it('keeps content that comes before tool calls', async () => {
    mock.script([{ reply: { content: 'Let me check.', tool_calls: [{ name: 'calc', arguments: { expression: '1+1' } }] } }]);
    const r = await port().port.chat(req('go'));
    expect(r.message.content).toBe('Let me check.');
    expect(r.message.tool_calls?.[0].function).toEqual({ name: 'calc', arguments: '{"expression":"1+1"}' });
  });
});

describe('model port: retries', () => {
  it('waits what Retry-After says on a 429, reports the retry, then succeeds', async () => {
    mock.script([
      { name: 'limited', times: 2, reply: { error: { status: 429, retryAfter: 2, message: 'Rate limit reached' } } },
      { name: 'ok', reply: { content: 'fine' } },
    ]);
    const retries: Array<{ attempt: number; wait_ms: number; reason: string }> = [];
    const { port: p, waits } = port();
    const r = await p.chat(req('x', { onRetry: (i) => retries.push(i) }));
    expect(r.message.content).toBe('fine');
    expect(waits).toEqual([2000, 2000]);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    expect(retries[0].reason).toContain('429');
    expect(retries[0].reason).toContain('Rate limit reached');
    expect(mock.count()).toBe(3);
  });

  it('honours retry-after-ms and caps a huge Retry-After at maxWaitMs', async () => {
    mock.script([
      { times: 1, reply: { error: { status: 429, retryAfterMs: 250 } } },
      { times: 1, reply: { error: { status: 503, retryAfter: 3600 } } },
      { reply: { content: 'ok' } },
    ]);
    const { port: p, waits } = port({ maxWaitMs: 5000 });
    await p.chat(req('x'));
    expect(waits).toEqual([250, 5000]);
  });

  it('backs off exponentially on a 500 without Retry-After, then succeeds', async () => {
    mock.script([{ times: 2, reply: { error: { status: 500, message: 'boom' } } }, { reply: { content: 'recovered' } }]);
    const { port: p, waits } = port({ baseDelayMs: 100 });
    const r = await p.chat(req('x'));
    expect(r.message.content).toBe('recovered');
    expect(waits).toEqual([100, 200]); // random() = 0.5 → no jitter offset
  });

  it('gives up on a 429 storm with the server message and the number of attempts', async () => {
    mock.script([{ reply: { error: { status: 429, retryAfter: 1, message: 'Slow down please' } } }]);
    const { port: p } = port({ maxRetries: 3 });
    const err = await failure(p.chat(req('x')));
    expect(err.code).toBe('model_rate_limited');
    expect(err.message).toContain('Slow down please');
    expect(err.message).toContain('after 4 attempts');
    expect(mock.count()).toBe(4);
  });

  it('stops retrying when the retry budget would be exceeded', async () => {
    mock.script([{ reply: { error: { status: 503, retryAfter: 10 } } }]);
    const { port: p } = port({ retryBudgetMs: 15_000 });
    const err = await failure(p.chat(req('x')));
    expect(err.code).toBe('model_unavailable');
    expect(err.message).toContain('retry budget');
    expect(mock.count()).toBe(2);
  });

  it('does not retry a 400 and says what the server said', async () => {
    mock.script([{ reply: { error: { status: 400, message: "Invalid value for 'temperature'" } } }]);
    const err = await failure(port().port.chat(req('x')));
    expect(err.code).toBe('model_error');
    expect(err.message).toContain("Invalid value for 'temperature'");
    expect(mock.count()).toBe(1);
  });

  it('reports a rejected key as model_unauthorized naming the connection', async () => {
    const p = createModelPort({ resolveConnection: async () => ({ ...conn(), api_key: 'sk-wrong' }) });
    const err = await failure(p.chat(req('x')));
    expect(err.code).toBe('model_unauthorized');
    expect(err.message).toContain('"default"');
    expect(err.message).toContain('Incorrect API key');
  });

  it('retries a refused connection and then fails with model_unreachable', async () => {
    const p = createModelPort({
      resolveConnection: async () => ({ name: 'default', base_url: 'http://127.0.0.1:9/v1', api_key: 'k' }),
      maxRetries: 1,
      sleep: async () => {},
    });
    const retries: string[] = [];
    const err = await failure(p.chat(req('x', { onRetry: (i) => retries.push(i.reason) })));
    expect(err.code).toBe('model_unreachable');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toContain('connection error');
  });
});

describe('model port: abort, timeout, garbage, connections', () => {
  it('aborting mid-stream closes the HTTP request and rejects as cancelled', async () => {
    mock.script([{ reply: { content: 'a long answer that never ends', chunkSize: 3, stallAfter: 2 } }]);
    const ctrl = new AbortController();
    const closed = mock.waitForClientClose();
    const call = port().port.chat(req('x', { signal: ctrl.signal, onDelta: () => ctrl.abort() }));
    const err = await failure(call);
    expect(err.code).toBe('cancelled');
    const rec = await closed;
    expect(rec.path).toBe('/v1/chat/completions');
    expect(rec.clientClosed).toBe(true);
  });

  it('an abort during a retry wait stops waiting', async () => {
    mock.script([{ reply: { error: { status: 429, retryAfter: 20 } } }]);
    const ctrl = new AbortController();
    const p = createModelPort({ resolveConnection: async () => conn() }); // real, abortable sleep
    const call = p.chat(req('x', { signal: ctrl.signal, onRetry: () => setTimeout(() => ctrl.abort(), 0) }));
    const err = await failure(call);
    expect(err.code).toBe('cancelled');
    expect(mock.count()).toBe(1);
  });

  it('times out on a server that never answers, retrying visibly', async () => {
    mock.script([{ reply: { hang: true } }]);
    const retries: string[] = [];
    const { port: p } = port({ timeoutMs: 200, maxRetries: 1 });
    const err = await failure(p.chat(req('x', { onRetry: (i) => retries.push(i.reason) })));
    expect(err.code).toBe('model_timeout');
    expect(retries).toEqual([expect.stringContaining('timeout')]);
    expect(mock.count()).toBe(2);
  });

  it('times out when a stream stalls after its first chunks', async () => {
    mock.script([{ reply: { content: 'abcdefghij', chunkSize: 2, stallAfter: 2 } }]);
    const err = await failure(port({ timeoutMs: 200, maxRetries: 0 }).port.chat(req('x')));
    expect(err.code).toBe('model_timeout');
  });

  it('a non-JSON stream chunk is a clear model_error, not retried', async () => {
    mock.script([{ reply: { garbage: true } }]);
    const err = await failure(port().port.chat(req('x')));
    expect(err.code).toBe('model_error');
    expect(err.message).toMatch(/not valid JSON/);
    expect(mock.count()).toBe(1);
  });

  it('an unknown connection says how to configure one', async () => {
    const err = await failure(port().port.chat(req('x', { connection: 'local' })));
    expect(err.code).toBe('no_connection');
    expect(statusOf(err.code)).toBe(400);
    expect(err.message).toBe(
      'No model connection "local" is configured. Set OPENAI_API_KEY (and OPENAI_BASE_URL for an OpenAI-compatible server) or add a connection in Settings.',
    );
  });

  it('an unmatched mock request surfaces the mock message naming the last user message', async () => {
    mock.script([{ match: { lastUserContains: 'nothing like this' }, reply: { content: 'x' } }]);
    const err = await failure(port().port.chat(req('what is the weather')));
    expect(err.message).toContain('what is the weather');
  });
});
