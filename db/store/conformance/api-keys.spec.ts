/** The ApiKeyRepository contract (db/store/ports.ts). */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import { codeOf, doc, seedRun, user } from './fixtures';

export function apiKeySpecs(store: () => Store): void {
  const keys = () => store().apiKeys;
  const owner = async (email = 'owner@example.com') => store().users.create(user(email));
  const newKey = async (userId: string, hash: string, maxCostUsd?: number | null) => keys().insert({ workspaceId: DEFAULT_WORKSPACE_ID, userId, name: `key ${hash}`, prefix: 'sy_abc', keyHash: hash, maxCostUsd });

  describe('apiKeys.insert', () => {
    it('stores the key (hash only) with its budget', async () => {
      const u = await owner();
      const k = await newKey(u.id, 'hash-1', 2.5);
      expect([k.userId, k.keyHash, k.maxCostUsd, k.lastUsedAt]).toEqual([u.id, 'hash-1', 2.5, null]);
      expect(k.createdAt).toBeInstanceOf(Date);
    });
    it('with maxKeys: refuses (conflict, naming SWITCHYARD_MAX_KEYS_PER_USER) once the user holds that many; concurrent inserts cannot pass it', async () => {
      const u = await owner();
      const other = await owner('other@example.com');
      const capped = (userId: string, hash: string) => keys().insert({ workspaceId: DEFAULT_WORKSPACE_ID, userId, name: hash, prefix: 'sy', keyHash: hash }, { maxKeys: 2 });
      const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => capped(u.id, `burst-${i}`)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as { code: string; message: string };
      expect(refused.code).toBe('conflict');
      expect(refused.message).toMatch(/SWITCHYARD_MAX_KEYS_PER_USER=2/);
      expect(await keys().list(u.id)).toHaveLength(2);
      expect((await capped(other.id, 'theirs')).userId).toBe(other.id);
    });
    it('refuses a NUL in the name with bad_request', async () => {
      const u = await owner();
      expect(await codeOf(keys().insert({ workspaceId: DEFAULT_WORKSPACE_ID, userId: u.id, name: 'a\0', prefix: 'sy', keyHash: 'h' }))).toBe('bad_request');
      expect(await keys().list(u.id)).toEqual([]);
    });
  });

  describe('apiKeys.list', () => {
    it("lists the user's keys only", async () => {
      const u = await owner();
      const other = await owner('other@example.com');
      await newKey(u.id, 'h1');
      await newKey(u.id, 'h2');
      await newKey(other.id, 'h3');
      expect((await keys().list(u.id)).map((k) => k.keyHash).sort()).toEqual(['h1', 'h2']);
      expect(await keys().list('missing')).toEqual([]);
    });
  });

  describe('apiKeys.get', () => {
    it('reads a key; undefined for an unknown id', async () => {
      const k = await newKey((await owner()).id, 'h1');
      expect(await keys().get(k.id)).toEqual(k);
      expect(await keys().get('missing')).toBeUndefined();
    });
  });

  describe('apiKeys.setBudget', () => {
    it("sets and removes the budget of the user's own key only", async () => {
      const u = await owner();
      const other = await owner('other@example.com');
      const k = await newKey(u.id, 'h1');
      expect((await keys().setBudget(u.id, k.id, 3))?.maxCostUsd).toBe(3);
      expect((await keys().setBudget(u.id, k.id, null))?.maxCostUsd).toBeNull();
      expect(await keys().setBudget(other.id, k.id, 9)).toBeUndefined();
      expect((await keys().get(k.id))?.maxCostUsd).toBeNull();
    });
  });

  describe('apiKeys.spend', () => {
    it("sums the cost of the key's runs since a date, leaving out one run and runs without a cost", async () => {
      const k = await newKey((await owner()).id, 'h1');
      const other = await newKey((await owner('o@example.com')).id, 'h2');
      expect(await keys().spend(k.id, new Date(0))).toBe(0);
      const g = await store().graphs.create(doc('spender'), DEFAULT_WORKSPACE_ID);
      const first = await seedRun(g, { apiKeyId: k.id, costUsd: 0.25 });
      await seedRun(g, { apiKeyId: k.id, costUsd: 0.5 });
      await seedRun(g, { apiKeyId: k.id });
      await seedRun(g, { apiKeyId: other.id, costUsd: 9 });
      expect(await keys().spend(k.id, new Date(0))).toBeCloseTo(0.75, 10);
      expect(await keys().spend(k.id, new Date(0), first)).toBeCloseTo(0.5, 10);
      expect(await keys().spend(k.id, new Date(Date.now() + 3_600_000))).toBe(0);
    });
  });

  describe('apiKeys.delete', () => {
    it("revokes the user's own key only; false otherwise", async () => {
      const u = await owner();
      const other = await owner('other@example.com');
      const k = await newKey(u.id, 'h1');
      expect(await keys().delete(other.id, k.id)).toBe(false);
      expect(await keys().delete(u.id, k.id)).toBe(true);
      expect(await keys().get(k.id)).toBeUndefined();
      expect(await keys().delete(u.id, k.id)).toBe(false);
    });
  });

  describe('apiKeys.findByHash', () => {
    it('finds the key and its user, marking the key used; undefined for an unknown hash', async () => {
      const u = await owner();
      const k = await newKey(u.id, 'secret-hash');
      const found = await keys().findByHash('secret-hash');
      expect([found?.key.id, found?.user.id, found?.user.role]).toEqual([k.id, u.id, 'editor']);
      expect((await keys().get(k.id))?.lastUsedAt).toBeInstanceOf(Date);
      expect(await keys().findByHash('nope')).toBeUndefined();
      expect(await keys().findByHash('no\0pe')).toBeUndefined();
    });
  });
}
