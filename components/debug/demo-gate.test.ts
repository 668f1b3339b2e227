import { describe, expect, it } from 'vitest';
import { demoOffered, runNeedsDemoChoice } from './demo-gate';

describe('demoOffered', () => {
  it('is offered when a connection the graph names is not configured', () => {
    expect(demoOffered(['offline'], ['default'])).toBe(true);
    expect(demoOffered(['default', 'offline'], ['default'])).toBe(true);
  });

  it('a graph that names no connection uses default', () => {
    expect(demoOffered([], [])).toBe(true);
    expect(demoOffered([], ['default'])).toBe(false);
  });

  it('not offered when every connection is configured, nor for the demo itself, nor while the connections load', () => {
    expect(demoOffered(['default', 'local'], ['local', 'default'])).toBe(false);
    expect(demoOffered(['demo'], [])).toBe(false);
    expect(demoOffered(['offline'], undefined)).toBe(false);
  });
});

describe('runNeedsDemoChoice', () => {
  it('holds a Run only while the demo is offered and not ticked', () => {
    expect(runNeedsDemoChoice({ offered: true, chosen: false })).toBe(true);
    expect(runNeedsDemoChoice({ offered: true, chosen: true })).toBe(false);
    expect(runNeedsDemoChoice({ offered: false, chosen: false })).toBe(false);
  });
});
