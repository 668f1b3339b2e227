import { describe, expect, it } from 'vitest';
import { assembleJson, sliceJson } from './json-slices';

describe('sliceJson / assembleJson', () => {
  it('round-trips an object with large mappings and lists, in key order, a slice per field or run of entries', async () => {
    const layout = Object.fromEntries(Array.from({ length: 9000 }, (_, i) => [`g${i}`, { x: i, y: i + 1 }]));
    const edges = Array.from({ length: 8001 }, (_, i) => ({ from: `a${i}`, to: 'END' }));
    const value = { switchyard: 1, name: 'big', nodes: { a: { role: 'agent' } }, edges, layout, output: null };
    const slices = sliceJson(value);
    expect(slices.map((s) => `${s.key}:${s.kind}`)).toEqual([
      'switchyard:value', 'name:value', 'nodes:value', 'edges:items', 'edges:items', 'edges:items',
      'layout:entries', 'layout:entries', 'layout:entries', 'output:value',
    ]);
    const back = await assembleJson(slices);
    expect(back).toEqual(value);
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
  });

  it('keeps a __proto__ key as data, as JSON.parse does', async () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "m": {"__proto__": 1}}') as Record<string, unknown>;
    const back = await assembleJson(sliceJson(value));
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
  });
});
