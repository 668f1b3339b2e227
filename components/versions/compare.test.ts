import { describe, expect, it } from 'vitest';
import { compareOptions, comparePair } from './compare';

const all = [4, 3, 2, 1];

describe('comparePair', () => {
  it('compares the selected version with the current one by default', () => {
    expect(comparePair(1, null, 4, all)).toEqual({ from: 1, to: 4, title: 'Version 1 → current (v4)' });
  });

  it('compares any two versions, neither of them current', () => {
    expect(comparePair(1, 3, 4, all)).toEqual({ from: 1, to: 3, title: 'Version 1 → version 3' });
    expect(comparePair(3, 2, 4, all)).toEqual({ from: 3, to: 2, title: 'Version 3 → version 2' });
  });

  it('a pick equal to the selected version, or gone from the list, falls back to the current one', () => {
    expect(comparePair(2, 2, 4, all)?.to).toBe(4);
    expect(comparePair(2, 7, 4, all)?.to).toBe(4);
  });

  it('nothing to compare before the list has loaded', () => {
    expect(comparePair(null, null, null, [])).toBeNull();
    expect(comparePair(1, null, null, [])).toBeNull();
  });
});

describe('compareOptions', () => {
  const versions = [{ version: 4 }, { version: 3, note: 'added the critic' }, { version: 2 }, { version: 1 }];

  it('offers the current version first, then the others but the selected one, with their notes', () => {
    expect(compareOptions(versions, 2, 4)).toEqual([
      { value: 0, label: 'current (v4)' },
      { value: 3, label: 'v3 — added the critic' },
      { value: 1, label: 'v1' },
    ]);
  });

  it('nothing before the list has loaded', () => {
    expect(compareOptions([], null, null)).toEqual([]);
  });
});
