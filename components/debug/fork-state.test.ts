import { describe, expect, it } from 'vitest';
import { changedChannels, parseForkState } from './fork-state';

describe('fork state editor', () => {
  it('accepts a JSON object and explains anything else', () => {
    expect(parseForkState('{"route":"refund"}')).toEqual({ ok: true, state: { route: 'refund' } });
    expect(parseForkState('[1]')).toMatchObject({ ok: false, error: expect.stringContaining('JSON object') });
    expect(parseForkState('{route:')).toMatchObject({ ok: false, error: expect.stringContaining('Not valid JSON') });
  });

  it('sends only the channels that changed (a removed channel becomes null)', () => {
    const before = { route: 'question', messages: [{ role: 'user', content: 'hi' }], draft: 'x' };
    expect(changedChannels(before, { route: 'refund', messages: [{ role: 'user', content: 'hi' }] })).toEqual({ route: 'refund', draft: null });
    expect(changedChannels(before, before)).toEqual({});
  });
});
