/** The ConnectionRepository contract (db/store/ports-settings.ts). */
import { describe, expect, it } from 'vitest';
import { keyFromText, open } from '../../secret-box';
import type { Store } from '../ports';
import type { Backend } from './backend';
import { codeOf } from './fixtures';

/** A stored secret opened with the test's key (SWITCHYARD_SECRET_KEY, lib/testing/store-backends.ts). */
const opened = (sealed: string) => open(sealed, keyFromText(process.env.SWITCHYARD_SECRET_KEY!));

export function connectionSpecs(store: () => Store, backend: Backend): void {
  const connections = () => store().connections;
  const stored = async (name: string) => (await backend.rows(`select api_key, headers from connections where name = '${name}'`))[0] as { api_key: string | null; headers: string | null } | undefined;
  const vllm = { name: 'vllm', baseUrl: 'http://gpu:8000/v1', apiKey: 'sk-live-123', headers: { 'X-Org': 'org-secret' } };

  describe('connections.insert', () => {
    it('stores the key and header values sealed and answers them opened', async () => {
      const row = await connections().insert({ ...vllm, supports: { tools: false }, prices: { '*': 'free' } });
      expect(row).toMatchObject({ name: 'vllm', baseUrl: vllm.baseUrl, apiKey: 'sk-live-123', headers: { 'X-Org': 'org-secret' }, supports: { tools: false }, prices: { '*': 'free' } });
      expect(row?.createdAt).toBeInstanceOf(Date);
      const raw = (await stored('vllm'))!;
      expect(raw.api_key).toMatch(/^enc:v1:/);
      expect(opened(raw.api_key!)).toBe('sk-live-123');
      expect(raw.headers).not.toContain('org-secret');
    });
    it('keeps no key and no headers as null', async () => {
      expect(await connections().insert({ name: 'local', baseUrl: 'http://127.0.0.1:11434/v1' })).toMatchObject({ apiKey: null, headers: null, supports: null, prices: null });
    });
    it('is undefined for a taken name, also when two inserts race for it (one row, the first kept)', async () => {
      await connections().insert(vllm);
      expect(await connections().insert({ ...vllm, baseUrl: 'http://other/v1' })).toBeUndefined();
      const raced = await Promise.all([connections().insert({ name: 'race', baseUrl: 'http://a/v1' }), connections().insert({ name: 'race', baseUrl: 'http://b/v1' })]);
      expect(raced.filter(Boolean)).toHaveLength(1);
      expect((await connections().get('vllm'))?.baseUrl).toBe(vllm.baseUrl);
    });
    it('refuses a NUL character with bad_request and writes nothing', async () => {
      expect(await codeOf(connections().insert({ name: 'nul', baseUrl: 'http://a/v1\0' }))).toBe('bad_request');
      expect(await codeOf(connections().insert({ name: 'nul', baseUrl: 'http://a/v1', headers: { A: 'x\0' } }))).toBe('bad_request');
      expect(await connections().list()).toEqual([]);
    });
  });

  describe('connections.list and get', () => {
    it('lists by name, opened', async () => {
      await connections().insert({ name: 'b', baseUrl: 'http://b/v1', apiKey: 'kb' });
      await connections().insert({ name: 'a', baseUrl: 'http://a/v1', apiKey: 'ka' });
      expect((await connections().list()).map((c) => [c.name, c.apiKey])).toEqual([
        ['a', 'ka'],
        ['b', 'kb'],
      ]);
      expect((await connections().get('b'))?.apiKey).toBe('kb');
    });
    it('get is undefined for an unknown name and for one no row can have', async () => {
      expect(await connections().get('missing')).toBeUndefined();
      expect(await connections().get('bad\0name')).toBeUndefined();
    });
    it('seals plaintext secrets left from before sealing on the first use after a restart', async () => {
      await backend.rows("insert into connections (name, base_url, api_key, headers, created_at) values ('old', 'http://x/v1', 'sk-plain', '{\"A\":\"h-plain\"}', 0)");
      await backend.reopen();
      expect(await connections().list()).toMatchObject([{ name: 'old', apiKey: 'sk-plain', headers: { A: 'h-plain' } }]);
      const raw = (await stored('old'))!;
      expect(opened(raw.api_key!)).toBe('sk-plain');
      expect(raw.headers).not.toContain('h-plain');
    });
  });

  describe('connections.update', () => {
    it('replaces or removes the key, sets and removes headers (others kept), replaces supports and prices', async () => {
      await connections().insert({ ...vllm, headers: { 'X-Org': 'org-secret', 'X-Old': 'o' } });
      const row = await connections().update('vllm', { baseUrl: 'http://gpu:9000/v1', apiKey: 'sk-new', headers: { 'X-Team': 't-1', 'X-Old': null, constructor: 'c' }, supports: { stop: false }, prices: { 'gpt-x': { input: 1, output: 2 } } });
      expect(row).toMatchObject({ baseUrl: 'http://gpu:9000/v1', apiKey: 'sk-new', headers: { 'X-Org': 'org-secret', 'X-Team': 't-1', constructor: 'c' }, supports: { stop: false }, prices: { 'gpt-x': { input: 1, output: 2 } } });
      expect(Object.keys(row!.headers!).sort()).toEqual(['X-Org', 'X-Team', 'constructor']);
      expect((await stored('vllm'))!.headers).not.toContain('t-1');
      expect(await connections().update('vllm', { apiKey: null, prices: null, headers: { 'X-Org': null, 'X-Team': null, constructor: null } })).toMatchObject({ apiKey: null, prices: null, headers: null });
      expect(await connections().get('vllm')).toMatchObject({ apiKey: null, headers: null, baseUrl: 'http://gpu:9000/v1' });
    });
    it('an empty patch answers the row unchanged', async () => {
      await connections().insert(vllm);
      expect(await connections().update('vllm', {})).toMatchObject({ apiKey: 'sk-live-123', headers: { 'X-Org': 'org-secret' } });
    });
    it('is undefined for an unknown connection; a NUL character is bad_request and changes nothing', async () => {
      expect(await connections().update('missing', { baseUrl: 'http://x/v1' })).toBeUndefined();
      expect(await connections().update('bad\0', { baseUrl: 'http://x/v1' })).toBeUndefined();
      await connections().insert(vllm);
      expect(await codeOf(connections().update('vllm', { apiKey: 'k\0' }))).toBe('bad_request');
      expect((await connections().get('vllm'))?.apiKey).toBe('sk-live-123');
    });
  });

  describe('connections.delete', () => {
    it('deletes; false when there was none', async () => {
      await connections().insert(vllm);
      expect(await connections().delete('vllm')).toBe(true);
      expect(await connections().delete('vllm')).toBe(false);
      expect(await connections().delete('bad\0')).toBe(false);
      expect(await connections().get('vllm')).toBeUndefined();
    });
  });
}
