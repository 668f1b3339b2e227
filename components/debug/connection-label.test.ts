import { describe, expect, it } from 'vitest';
import { connectionLabel, hostOf } from './connection-label';

describe('connection shown in the panel', () => {
  it('the test mock server (loopback, port 3901) and the demo connection are MOCK', () => {
    expect(connectionLabel({ name: 'default', base_url: 'http://127.0.0.1:3901/v1' })).toEqual({ name: 'default', host: '127.0.0.1:3901', kind: 'mock', scripted: true });
    expect(connectionLabel({ name: 'demo', base_url: 'http://example.invalid' }).kind).toBe('mock');
  });
  it('a local model server is LOCAL, not MOCK', () => {
    expect(connectionLabel({ name: 'ollama', base_url: 'http://localhost:11434/v1' })).toEqual({ name: 'ollama', host: 'localhost:11434', kind: 'local', scripted: false });
    expect(connectionLabel({ name: 'lan', base_url: 'http://192.168.1.20:8000/v1' }).kind).toBe('local');
  });
  it('a public host is the real model', () => {
    expect(connectionLabel({ name: 'openai', base_url: 'https://api.openai.com/v1' })).toEqual({ name: 'openai', host: 'api.openai.com', kind: 'real', scripted: false });
  });
  it('an unparseable base URL is shown as given', () => {
    expect(hostOf('not a url')).toBe('not a url');
    expect(hostOf(undefined)).toBe('');
  });
});
