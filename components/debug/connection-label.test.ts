import { describe, expect, it } from 'vitest';
import { connectionLabel, hostOf } from './connection-label';

describe('connection shown in the panel', () => {
  it('a loopback base URL is the scripted mock', () => {
    expect(connectionLabel({ name: 'default', base_url: 'http://127.0.0.1:3901/v1' })).toEqual({ name: 'default', host: '127.0.0.1:3901', kind: 'mock', scripted: true });
    expect(connectionLabel({ name: 'x', base_url: 'http://localhost:11434/v1' }).kind).toBe('mock');
  });
  it('a public host is the real model', () => {
    expect(connectionLabel({ name: 'openai', base_url: 'https://api.openai.com/v1' })).toEqual({ name: 'openai', host: 'api.openai.com', kind: 'real', scripted: false });
  });
  it('an unparseable base URL is shown as given', () => {
    expect(hostOf('not a url')).toBe('not a url');
    expect(hostOf(undefined)).toBe('');
  });
});
