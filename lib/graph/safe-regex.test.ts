import { describe, expect, it } from 'vitest';
import { SafeRegexError, checkSafeRegex, safeRegex } from './safe-regex';

describe('safeRegex (RE2, linear time)', () => {
  it('answers catastrophic-backtracking patterns on long inputs', () => {
    const re = safeRegex('^(a+)+$');
    expect(re.test('a'.repeat(50_000) + 'b')).toBe(false);
    expect(re.test('a'.repeat(50_000))).toBe(true);
    expect(safeRegex('(x+x+)+y').test('x'.repeat(10_000))).toBe(false);
  });

  it('exec is shaped like RegExp.exec, with group count', () => {
    const re = safeRegex(String.raw`Action\s*:\s*([\w-]+)\s*Action\s*Input\s*:\s*([\s\S]*?)\s*$`);
    expect(re.groups).toBe(2);
    const m = re.exec('Thought: t\nAction: web-search\nAction Input: "cats"\n');
    expect(m?.[1]).toBe('web-search');
    expect(m?.[2]).toBe('"cats"');
    expect(m?.index).toBe(11);
    expect(safeRegex('(a)|(b)').exec('b')?.[1]).toBeUndefined();
    expect(re.exec('nothing here')).toBeNull();
  });

  it('caches compiled patterns', () => {
    expect(safeRegex('ab+c')).toBe(safeRegex('ab+c'));
  });

  it('refuses backreferences and lookaround with a clear message', () => {
    expect(() => safeRegex('(a)\\1')).toThrow(SafeRegexError);
    expect(checkSafeRegex('(a)\\1')).toMatch(/backreferences and lookahead\/lookbehind are not supported/);
    expect(checkSafeRegex('a(?!b)')).toMatch(/linear-time engine/);
    expect(checkSafeRegex('[')).toMatch(/^not a valid regular expression: missing closing \]/);
    expect(checkSafeRegex('a|b')).toBeNull();
  });
});
