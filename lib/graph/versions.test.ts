import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION } from './schema';
import { checkVersion, migrate } from './versions';

describe('format versions', () => {
  it('accepts the current version', () => {
    expect(checkVersion(FORMAT_VERSION)).toEqual({ ok: true, version: FORMAT_VERSION });
  });

  it.each([
    [undefined, /missing format version/],
    ['1', /whole number/],
    [1.5, /whole number/],
    [FORMAT_VERSION + 1, /unknown format version 2/],
    [0, /unknown format version 0/],
  ])('refuses %j with a clear message', (value, message) => {
    const r = checkVersion(value);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it('leaves a current document as it is', () => {
    const doc = { switchyard: FORMAT_VERSION, name: 'x' };
    expect(migrate(doc, FORMAT_VERSION)).toBe(doc);
  });

  it('throws when asked to migrate from a version it has no step for', () => {
    expect(() => migrate({ switchyard: 0 }, 0)).toThrow(/no migration from format version 0/);
  });
});
