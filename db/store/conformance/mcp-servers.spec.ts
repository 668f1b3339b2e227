/** The McpServerRepository contract (db/store/ports-settings.ts). */
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import type { Backend } from './backend';
import { codeOf } from './fixtures';

export function mcpServerSpecs(store: () => Store, backend: Backend): void {
  const servers = () => store().mcpServers;
  const storedHeaders = async (name: string) => ((await backend.rows(`select headers from mcp_servers where name = '${name}'`))[0]?.headers ?? null) as string | null;
  const docs = { name: 'docs', transport: 'http' as const, url: 'https://mcp.example.org/mcp', headers: { Authorization: 'Bearer tok-1' } };

  describe('mcpServers.insert', () => {
    it('stores header values sealed and answers them opened, with both timestamps', async () => {
      const row = await servers().insert(docs);
      expect(row).toMatchObject({ name: 'docs', transport: 'http', url: docs.url, headers: { Authorization: 'Bearer tok-1' } });
      expect(row?.createdAt).toBeInstanceOf(Date);
      expect(row?.updatedAt).toBeInstanceOf(Date);
      const raw = (await storedHeaders('docs'))!;
      expect(raw).toContain('Authorization');
      expect(raw).not.toContain('tok-1');
    });
    it('is undefined for a taken name, also when two inserts race for it', async () => {
      await servers().insert(docs);
      expect(await servers().insert({ ...docs, url: 'https://other/mcp' })).toBeUndefined();
      const raced = await Promise.all([servers().insert({ name: 'race', transport: 'sse', url: 'https://a/sse' }), servers().insert({ name: 'race', transport: 'http', url: 'https://b/mcp' })]);
      expect(raced.filter(Boolean)).toHaveLength(1);
      expect((await servers().get('docs'))?.url).toBe(docs.url);
    });
    it('refuses a NUL character with bad_request and writes nothing', async () => {
      expect(await codeOf(servers().insert({ ...docs, url: 'https://x/\0' }))).toBe('bad_request');
      expect(await servers().list()).toEqual([]);
    });
  });

  describe('mcpServers.list and get', () => {
    it('lists by name; get is undefined for an unknown name', async () => {
      await servers().insert({ ...docs, name: 'zeta', headers: null });
      await servers().insert(docs);
      expect((await servers().list()).map((s) => [s.name, s.headers])).toEqual([
        ['docs', { Authorization: 'Bearer tok-1' }],
        ['zeta', null],
      ]);
      expect((await servers().get('zeta'))?.transport).toBe('http');
      expect(await servers().get('missing')).toBeUndefined();
      expect(await servers().get('bad\0')).toBeUndefined();
    });
  });

  describe('mcpServers.update', () => {
    it('changes transport and URL, sets and removes headers (others kept), sealed', async () => {
      await servers().insert({ ...docs, headers: { Authorization: 'Bearer tok-1', 'X-Old': 'o' } });
      const row = await servers().update('docs', { transport: 'sse', url: 'https://mcp.example.org/sse', headers: { 'X-Team': 'team-secret', 'X-Old': null } });
      expect(row).toMatchObject({ transport: 'sse', url: 'https://mcp.example.org/sse', headers: { Authorization: 'Bearer tok-1', 'X-Team': 'team-secret' } });
      expect(Object.keys(row!.headers!).sort()).toEqual(['Authorization', 'X-Team']);
      expect(await storedHeaders('docs')).not.toContain('team-secret');
      expect((await servers().update('docs', { headers: { Authorization: null, 'X-Team': null } }))?.headers).toBeNull();
    });
    it('is undefined for an unknown server; a NUL character is bad_request and changes nothing', async () => {
      expect(await servers().update('missing', { url: 'https://x/mcp' })).toBeUndefined();
      await servers().insert(docs);
      expect(await codeOf(servers().update('docs', { headers: { A: '\0' } }))).toBe('bad_request');
      expect((await servers().get('docs'))?.headers).toEqual({ Authorization: 'Bearer tok-1' });
    });
  });

  describe('mcpServers.delete', () => {
    it('deletes; false when there was none', async () => {
      await servers().insert(docs);
      expect(await servers().delete('docs')).toBe(true);
      expect(await servers().delete('docs')).toBe(false);
      expect(await servers().get('docs')).toBeUndefined();
    });
  });
}
