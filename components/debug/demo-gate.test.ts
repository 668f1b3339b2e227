import { describe, expect, it } from 'vitest';
import { DEMO_NEEDED_MESSAGE, demoOffered, missingConnectionMessage, missingConnections, runNeedsDemoChoice } from './demo-gate';

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

describe('missingConnections and their message', () => {
  it('names each missing connection once, default for a graph that names none, nothing while loading', () => {
    expect(missingConnections(['offline', 'default', 'offline'], ['default'])).toEqual(['offline']);
    expect(missingConnections([], [])).toEqual(['default']);
    expect(missingConnections(['offline'], undefined)).toEqual([]);
    expect(missingConnections(['demo'], [])).toEqual([]);
  });

  it('offers the demo when nothing is configured, else names what is missing and what to pick', () => {
    expect(missingConnectionMessage(['default'], [])).toBe(DEMO_NEEDED_MESSAGE);
    expect(missingConnectionMessage(['offline'], ['default'])).toBe('Connection "offline" is not configured — pick a configured one ("default") or add it in Settings');
    expect(missingConnectionMessage(['a', 'b'], ['default', 'local'])).toBe('Connection "a", "b" are not configured — pick a configured one ("default", "local") or add it in Settings');
  });
});
