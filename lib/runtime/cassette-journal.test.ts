import { describe, expect, it } from 'vitest';
import { cassetteJournal, requestHash } from './cassette';

describe('cassettes', () => {
  it('hashes the same request the same whatever its key order, and a changed request differently', () => {
    const a = { model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: null, temperature: 0 };
    const b = { temperature: 0, tools: null, messages: [{ content: 'hi', role: 'user' }], model: 'm' };
    expect(requestHash(a)).toBe(requestHash(b));
    expect(requestHash({ ...a, messages: [{ role: 'user', content: 'hi!' }] })).not.toBe(requestHash(a));
    expect(requestHash({ ...a, extra: undefined })).toBe(requestHash(a));
  });

  it('a cassette answers the n-th identical call of a node with its n-th recording, and nothing else', async () => {
    const request = { tool: 'calc', args: { expression: '1+1' } };
    const port = cassetteJournal([
      { kind: 'tool', node: 'plan', request, result: { output: 'first' } },
      { kind: 'tool', node: 'plan', request_hash: requestHash(request), result: { output: 'second' } },
    ]);
    expect(await port.reuse!({ kind: 'tool', node: 'other', request })).toBeUndefined();
    expect(await port.reuse!({ kind: 'llm', node: 'plan', request })).toBeUndefined();
    expect(await port.reuse!({ kind: 'tool', node: 'plan', request })).toEqual({ output: 'first' });
    expect(await port.reuse!({ kind: 'tool', node: 'plan', request })).toEqual({ output: 'second' });
    expect(await port.reuse!({ kind: 'tool', node: 'plan', request })).toBeUndefined();
  });

  it('a cassette reports what the run recorded when asked to', async () => {
    const seen: string[] = [];
    const port = cassetteJournal([], (c) => seen.push(`${c.node}:${c.key}:${c.request_hash === requestHash({ x: 1 })}`));
    port.record({ kind: 'llm', node: 'n', request: { x: 1 }, key: 's1.g0/n.0#0', result: {}, started_at: 0, latency_ms: 0 });
    expect(seen).toEqual(['n:s1.g0/n.0#0:true']);
  });
});
