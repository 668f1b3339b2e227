import { describe, expect, it } from 'vitest';
import type { Connection } from './connection';
import { openaiClient } from './openai-client';

const conn = (over: Partial<Connection> = {}): Connection => ({
  name: 'local',
  base_url: 'http://127.0.0.1:1/v1',
  api_key: 'sk-one',
  headers: { 'x-a': '1', 'x-b': '2' },
  ...over,
});

describe('openaiClient', () => {
  it('reuses the client of an unchanged connection (header order does not matter)', () => {
    const first = openaiClient(conn(), 1000);
    expect(openaiClient(conn(), 1000)).toBe(first);
    expect(openaiClient(conn({ headers: { 'x-b': '2', 'x-a': '1' } }), 1000)).toBe(first);
    expect(openaiClient(conn({ name: 'renamed' }), 1000)).toBe(first);
  });

  it('builds a new client when the base URL, key, headers or timeout change', () => {
    const first = openaiClient(conn(), 1000);
    const edited = [
      openaiClient(conn({ base_url: 'http://127.0.0.1:2/v1' }), 1000),
      openaiClient(conn({ api_key: 'sk-two' }), 1000),
      openaiClient(conn({ headers: { 'x-a': '1', 'x-b': '3' } }), 1000),
      openaiClient(conn({ headers: undefined }), 1000),
      openaiClient(conn(), 2000),
    ];
    expect(new Set([first, ...edited]).size).toBe(6);
    expect(edited[0].baseURL).toBe('http://127.0.0.1:2/v1');
    expect(edited[1].apiKey).toBe('sk-two');
  });
});
