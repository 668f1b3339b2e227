/** Through HTTP: /api/connections keeps keys write-only and validates what it stores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ OPENAI_API_KEY: 'sk-proj-envsecret-WXYZ', OPENAI_BASE_URL: undefined });
});
afterAll(async () => {
  await h?.close();
});

describe('/api/connections', () => {
  it('lists the env default read-only with a masked hint, and saved ones without their keys', async () => {
    const created = await h.call('POST', '/api/connections', {
      name: 'ollama',
      base_url: 'http://localhost:11434/v1',
      api_key: 'sk-local-abcdefgh1234',
      headers: { 'X-Gateway': 'secret-header-value' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ollama', api_key_hint: 'sk-…1234', header_names: ['X-Gateway'], source: 'db', read_only: false });
    const list = await h.call('GET', '/api/connections');
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain('abcdefgh');
    expect(text).not.toContain('envsecret');
    expect(text).not.toContain('secret-header-value');
    expect(list.body.connections).toEqual([
      expect.objectContaining({ name: 'default', base_url: 'https://api.openai.com/v1', api_key_hint: 'sk-…WXYZ', source: 'env', read_only: true }),
      expect.objectContaining({ name: 'ollama', base_url: 'http://localhost:11434/v1' }),
    ]);
  });

  it('refuses non-http(s) URLs, credentials in URLs, bad names, duplicates and header injection', async () => {
    const bad = async (body: unknown) => (await h.call('POST', '/api/connections', body)).status;
    expect(await bad({ name: 'f', base_url: 'file:///etc/passwd' })).toBe(400);
    expect(await bad({ name: 'j', base_url: 'javascript:alert(1)' })).toBe(400);
    expect(await bad({ name: 'c', base_url: 'https://user:pass@example.com/v1' })).toBe(400);
    expect(await bad({ name: 'has space', base_url: 'https://example.com/v1' })).toBe(400);
    expect(await bad({ name: 'h', base_url: 'https://example.com/v1', headers: { 'X-A': 'a\r\nX-B: b' } })).toBe(400);
    expect(await bad({ name: 'x', base_url: 'https://example.com/v1', extra: 1 })).toBe(400);
    await h.call('POST', '/api/connections', { name: 'dup', base_url: 'https://example.com/v1' });
    const dup = await h.call('POST', '/api/connections', { name: 'dup', base_url: 'https://example.com/v1' });
    expect(dup.status).toBe(409);
    const envOwned = await h.call('POST', '/api/connections', { name: 'default', base_url: 'https://example.com/v1' });
    expect(envOwned.status).toBe(409);
    expect(envOwned.body.error.message).toMatch(/OPENAI_API_KEY/);
  });

  it('a key holding a NUL character is a 400 saying so, on create and on edit; nothing is written', async () => {
    const created = await h.call('POST', '/api/connections', { name: 'nul', base_url: 'https://example.com/v1', api_key: 'sk-a\u0000b' });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toMatch(/connection contains a NUL character/);
    expect((await h.call('GET', '/api/connections')).body.connections.map((c: { name: string }) => c.name)).not.toContain('nul');
    await h.call('POST', '/api/connections', { name: 'kept', base_url: 'https://example.com/v1', api_key: 'sk-kept-1234' });
    const edited = await h.call('PUT', '/api/connections/kept', { api_key: 'sk-\u0000' });
    expect(edited.status).toBe(400);
    const kept = (await h.call('GET', '/api/connections')).body.connections.find((c: { name: string }) => c.name === 'kept');
    expect(kept.api_key_hint).toBe('sk-…1234');
    expect((await h.call('PUT', '/api/connections/missing', { base_url: 'https://example.com/v1' })).status).toBe(404);
  });

  it('deletes saved connections; the env default cannot be deleted; unknown names 404', async () => {
    await h.call('POST', '/api/connections', { name: 'temp', base_url: 'https://example.com/v1' });
    expect((await h.call('DELETE', '/api/connections/temp')).status).toBe(204);
    expect((await h.call('DELETE', '/api/connections/temp')).status).toBe(404);
    const env = await h.call('DELETE', '/api/connections/default');
    expect(env.status).toBe(409);
    expect(env.body.error.code).toBe('read_only');
  });
});
