/** Cassette files (GET /api/runs/:id/cassette, `switchyard cassette`): results only, and the shape a test's `cassette:` accepts. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cassetteCalls, cassetteFile, requestHash } from './cassette';

const run = { run_id: 'r1', graph: 'g', graph_version: 2, status: 'succeeded', created_at: '2026-01-01T00:00:00.000Z' };

describe('cassette files', () => {
  it('keep what a replay gives back and nothing else (no request, no stray fields)', () => {
    const request = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    const file = cassetteFile(run, [
      { kind: 'llm', node: 'a', request, result: { message: { role: 'assistant', content: 'yo' }, finish_reason: 'stop', usage: { prompt_tokens: 1 }, model: 'm', latency_ms: 3, authorization: 'Bearer sk-x' } },
      { kind: 'tool', node: 'a', request_hash: 'h2', result: { output: '42', error: undefined, headers: { cookie: 'c' } } },
    ]);
    expect(file).toEqual({
      switchyard_cassette: 1,
      ...run,
      calls: [
        { kind: 'llm', node: 'a', request_hash: requestHash(request), result: { message: { role: 'assistant', content: 'yo' }, finish_reason: 'stop', usage: { prompt_tokens: 1 }, model: 'm', latency_ms: 3 } },
        { kind: 'tool', node: 'a', request_hash: 'h2', result: { output: '42' } },
      ],
    });
  });

  it('are read as a file or a bare array of calls; anything else is refused with what was expected', () => {
    const calls = [{ kind: 'tool' as const, node: 'a', request_hash: 'h', result: { output: 'x' } }];
    expect(cassetteCalls({ ...run, calls })).toEqual(calls);
    expect(cassetteCalls(calls)).toEqual(calls);
    expect(() => cassetteCalls({ runs: [] })).toThrow(/expected a cassette/);
    expect(() => cassetteCalls(null)).toThrow(/expected a cassette/);
    expect(() => cassetteCalls([{ kind: 'model', node: 'a', request_hash: 'h' }])).toThrow(/call 0: expected/);
    expect(() => cassetteCalls([{ kind: 'llm', node: 'a' }])).toThrow(/call 0: expected/);
  });
});

describe('requestHash: sha256 of the canonical JSON (keys sorted, undefined fields left out)', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  it('gives the text recorded cassettes were hashed with, whatever the key order', () => {
    const text = '{"messages":[{"content":"hi","role":"user"},{"content":null,"role":"assistant","tool_calls":[{"id":"c1"}]}],"model":"m","stop":[null]}';
    expect(requestHash({ model: 'm', tools: undefined, messages: [{ role: 'user', content: 'hi', name: undefined }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1' }] }], stop: [undefined] })).toBe(sha(text));
    expect(requestHash({ stop: [null], messages: [{ content: 'hi', role: 'user' }, { tool_calls: [{ id: 'c1' }], role: 'assistant', content: null }], model: 'm' })).toBe(sha(text));
  });

  it('integer-like keys are sorted as text too (objects list them first)', () => {
    expect(requestHash({ args: { '9': 'a', '10': 'b', x: 1 } })).toBe(sha('{"args":{"10":"b","9":"a","x":1}}'));
  });
});

describe('requestHash', () => {
  it('is the sha256 of the request as JSON with keys sorted (UTF-16 order) and undefined fields left out, at every depth', () => {
    const request = { z: 1, b: [{ y: 'x', a: undefined, 'é': null }, 2, 'three'], A: { c: true, b: undefined }, a: 'ü"\n' };
    const text = '{"A":{"c":true},"a":"ü\\"\\n","b":[{"y":"x","é":null},2,"three"],"z":1}';
    expect(requestHash(request)).toBe(createHash('sha256').update(text).digest('hex'));
    // the same request with its keys in another order: the same digest; a changed value: another
    expect(requestHash({ a: 'ü"\n', A: { b: undefined, c: true }, z: 1, b: [{ 'é': null, y: 'x' }, 2, 'three'] })).toBe(requestHash(request));
    expect(requestHash({ ...request, z: 2 })).not.toBe(requestHash(request));
  });
});

