import { describe, expect, it } from 'vitest';
import { StreamAccumulator } from './stream-accumulator';
import { envDefaultConnection } from './connection';

const delta = (d: Record<string, unknown>, finish_reason: string | null = null) => ({ choices: [{ index: 0, delta: d, finish_reason }] });

describe('stream accumulator', () => {
  it('joins argument fragments by index when the name and id come only in the first fragment', () => {
    const acc = new StreamAccumulator();
    acc.push(delta({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'calc', arguments: '' } }] }));
    acc.push(delta({ tool_calls: [{ index: 1, id: 'c2', type: 'function', function: { name: 'search', arguments: '{"q' } }] }));
    acc.push(delta({ tool_calls: [{ index: 0, function: { arguments: '{"expression":' } }] }));
    acc.push(delta({ tool_calls: [{ index: 1, function: { arguments: '":"x"}' } }] }));
    acc.push(delta({ tool_calls: [{ index: 0, function: { arguments: '"2*3"}' } }] }));
    acc.push(delta({}, 'tool_calls'));
    const r = acc.result('m');
    expect(r.message.tool_calls?.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['c1', 'calc', '{"expression":"2*3"}'],
      ['c2', 'search', '{"q":"x"}'],
    ]);
    expect(r.finish_reason).toBe('tool_calls');
  });

  it('accepts whole arguments in one delta, calls keyed only by id, and a name repeated in every fragment', () => {
    const acc = new StreamAccumulator();
    acc.push(delta({ tool_calls: [{ id: 'a', function: { name: 'lookup', arguments: '{"x":1}' } }] }));
    acc.push(delta({ tool_calls: [{ id: 'b', function: { name: 'other', arguments: '{"y":' } }] }));
    acc.push(delta({ tool_calls: [{ id: 'b', function: { name: 'other', arguments: '2}' } }] }));
    const calls = acc.result('m').message.tool_calls!;
    expect(calls.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['a', 'lookup', '{"x":1}'],
      ['b', 'other', '{"y":2}'],
    ]);
  });

  it('invents ids when a server sends none, and reads usage from a choice-less final chunk', () => {
    const acc = new StreamAccumulator();
    acc.push({ model: 'served-model', ...delta({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '{}' } }] }) });
    acc.push({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2 } });
    const r = acc.result('asked-model');
    expect(r.message.tool_calls?.[0].id).toBe('call_0');
    expect(r.usage).toEqual({ prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 });
    expect(r.model).toBe('served-model');
  });

  it('returns content deltas and zero usage when the server reports none', () => {
    const acc = new StreamAccumulator();
    expect(acc.push(delta({ role: 'assistant', content: '' }))).toBe('');
    expect(acc.push(delta({ content: 'Hi' }))).toBe('Hi');
    const r = acc.result('m');
    expect(r.message).toEqual({ role: 'assistant', content: 'Hi' });
    expect(r.usage.total_tokens).toBe(0);
    expect(r.model).toBe('m');
  });
});

describe('env default connection', () => {
  it('is absent when neither a key nor a base URL is set', () => {
    expect(envDefaultConnection({})).toBeNull();
    expect(envDefaultConnection({ OPENAI_API_KEY: '  ' })).toBeNull();
  });
  it('uses api.openai.com for a key alone', () => {
    expect(envDefaultConnection({ OPENAI_API_KEY: 'sk-1' })).toEqual({ name: 'default', base_url: 'https://api.openai.com/v1', api_key: 'sk-1' });
  });
  it('uses a placeholder key for a keyless local server', () => {
    const c = envDefaultConnection({ OPENAI_BASE_URL: 'http://localhost:11434/v1' });
    expect(c?.base_url).toBe('http://localhost:11434/v1');
    expect(c?.api_key).toBeTruthy();
  });
});
