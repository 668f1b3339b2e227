import { describe, expect, it } from 'vitest';
import { lineRange, matchesFilter, plural, problemPlace, relativeTime } from './format';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000).toISOString();

describe('relativeTime', () => {
  it('says "just now" under a minute, then minutes, hours, days', () => {
    expect(relativeTime(ago(5), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(400 * 86400), now)).toBe('last year');
  });

  it('shows a dash for a date it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('—');
  });
});

describe('problemPlace', () => {
  it('prefers line and column, falls back to the path, then to "document"', () => {
    expect(problemPlace({ line: 3, col: 5, path: 'edges[0]' })).toBe('line 3, col 5');
    expect(problemPlace({ path: 'nodes.a' })).toBe('nodes.a');
    expect(problemPlace({ path: '' })).toBe('document');
  });
});

describe('lineRange', () => {
  const text = 'one\ntwo\nthree';
  it('finds the offsets of a line', () => {
    expect(lineRange(text, 1)).toEqual([0, 3]);
    expect(lineRange(text, 2)).toEqual([4, 7]);
    expect(lineRange(text, 3)).toEqual([8, 13]);
  });
  it('clamps a line past the end', () => {
    expect(lineRange(text, 9)).toEqual([13, 13]);
  });
});

describe('matchesFilter and plural', () => {
  it('matches name or description, ignoring case and blanks', () => {
    const g = { name: 'mrkl-agent', description: 'Search and Calculator' };
    expect(matchesFilter(g, ' CALC ')).toBe(true);
    expect(matchesFilter(g, 'mrkl')).toBe(true);
    expect(matchesFilter(g, 'writer')).toBe(false);
    expect(matchesFilter({ name: 'x', description: null }, '')).toBe(true);
  });
  it('pluralises', () => {
    expect(plural(1, 'role')).toBe('1 role');
    expect(plural(0, 'role')).toBe('0 roles');
  });
});
