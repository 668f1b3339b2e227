/** The UserRepository contract (db/store/ports.ts). */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import { codeOf, outcomes, user } from './fixtures';

export function userSpecs(store: () => Store): void {
  const users = () => store().users;

  describe('users.count', () => {
    it('counts the users', async () => {
      expect(await users().count()).toBe(0);
      await users().create(user('a@example.com'));
      await users().create(user('b@example.com'));
      expect(await users().count()).toBe(2);
    });
  });

  describe('users.list', () => {
    it('lists every user with role and timestamps', async () => {
      await users().create(user('b@example.com', 'viewer'));
      await users().create(user('a@example.com', 'admin'));
      const list = await users().list();
      expect(list.map((u) => [u.email, u.role]).sort()).toEqual([
        ['a@example.com', 'admin'],
        ['b@example.com', 'viewer'],
      ]);
      expect(list[0]!.createdAt).toBeInstanceOf(Date);
      expect(list[0]!.emailVerified).toBe(false);
    });
  });

  describe('users.get', () => {
    it('reads a user; undefined for an unknown id', async () => {
      const u = await users().create(user('me@example.com'));
      expect(await users().get(u.id)).toEqual(u);
      expect(await users().get('missing')).toBeUndefined();
      expect(await users().get('bad\0id')).toBeUndefined();
    });
  });

  describe('users.create', () => {
    it('creates the user with the role given', async () => {
      const u = await users().create(user('new@example.com', 'admin'));
      expect([u.email, u.name, u.role]).toEqual(['new@example.com', 'new', 'admin']);
    });
    it('refuses a taken email with conflict, also to concurrent creates', async () => {
      await users().create(user('dup@example.com'));
      expect(await codeOf(users().create(user('dup@example.com')))).toBe('conflict');
      const results = await Promise.allSettled([1, 2, 3].map(() => users().create(user('race@example.com'))));
      expect(outcomes(results)).toEqual({ fulfilled: 1, codes: ['conflict', 'conflict'] });
    });
    it('with onlyIfNone makes only the first user, however many ask at once', async () => {
      const results = await Promise.allSettled(['x', 'y', 'z'].map((n) => users().create(user(`${n}@example.com`, 'admin'), { onlyIfNone: true })));
      expect(outcomes(results)).toEqual({ fulfilled: 1, codes: ['conflict', 'conflict'] });
      expect(await users().count()).toBe(1);
    });
    it('refuses a NUL in the email with bad_request, writing nothing', async () => {
      expect(await codeOf(users().create(user('nul\0@example.com')))).toBe('bad_request');
      expect(await users().count()).toBe(0);
    });
  });

  describe('users.setRole', () => {
    it('changes the role; undefined for an unknown user', async () => {
      await users().create(user('boss@example.com', 'admin'));
      const u = await users().create(user('ed@example.com', 'viewer'));
      expect((await users().setRole(u.id, 'editor'))?.role).toBe('editor');
      expect(await users().setRole('missing', 'editor')).toBeUndefined();
    });
    it('never demotes the last admin, also when two admins are demoted at once', async () => {
      const a = await users().create(user('a@example.com', 'admin'));
      expect(await codeOf(users().setRole(a.id, 'viewer'))).toBe('conflict');
      const b = await users().create(user('b@example.com', 'admin'));
      const results = await Promise.allSettled([users().setRole(a.id, 'viewer'), users().setRole(b.id, 'viewer')]);
      expect(outcomes(results)).toEqual({ fulfilled: 1, codes: ['conflict'] });
      expect((await users().list()).filter((u) => u.role === 'admin')).toHaveLength(1);
    });
  });

  describe('users.delete', () => {
    it('deletes the user and their keys; false for an unknown user', async () => {
      await users().create(user('boss@example.com', 'admin'));
      const u = await users().create(user('leaving@example.com'));
      const key = await store().apiKeys.insert({ workspaceId: DEFAULT_WORKSPACE_ID, userId: u.id, name: 'k', prefix: 'sy_x', keyHash: 'h-leaving' });
      expect(await users().delete(u.id)).toBe(true);
      expect(await users().get(u.id)).toBeUndefined();
      expect(await store().apiKeys.get(key.id)).toBeUndefined();
      expect(await users().delete(u.id)).toBe(false);
    });
    it('never deletes the last admin, also when two admins are deleted at once', async () => {
      const a = await users().create(user('a@example.com', 'admin'));
      expect(await codeOf(users().delete(a.id))).toBe('conflict');
      const b = await users().create(user('b@example.com', 'admin'));
      const results = await Promise.allSettled([users().delete(a.id), users().delete(b.id)]);
      expect(outcomes(results)).toEqual({ fulfilled: 1, codes: ['conflict'] });
      expect(await users().count()).toBe(1);
    });
  });
}
