import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@/db/store';
import { useTempDb } from '@/lib/runtime/testing/temp-db';
import { ensureAdminFromEnv, needsSetup } from './auth-users';

let db: { cleanup(): void };
beforeAll(() => void (db = useTempDb()));
afterAll(() => db.cleanup());

describe('first admin from SWITCHYARD_ADMIN_EMAIL / SWITCHYARD_ADMIN_PASSWORD', () => {
  it('does nothing without both, refuses a short password, creates the admin once', async () => {
    expect(await ensureAdminFromEnv({ SWITCHYARD_ADMIN_EMAIL: 'boss@example.com' })).toBeNull();
    await expect(ensureAdminFromEnv({ SWITCHYARD_ADMIN_EMAIL: 'boss@example.com', SWITCHYARD_ADMIN_PASSWORD: 'short' })).rejects.toThrow(/8 characters/);
    expect(await needsSetup()).toBe(true);
    const env = { SWITCHYARD_ADMIN_EMAIL: 'Boss@Example.com', SWITCHYARD_ADMIN_PASSWORD: 'a long enough password' };
    expect(await ensureAdminFromEnv(env)).toBe('boss@example.com');
    expect(await ensureAdminFromEnv({ ...env, SWITCHYARD_ADMIN_EMAIL: 'second@example.com' })).toBeNull();
    expect((await getStore().users.list()).map((u) => [u.email, u.role])).toEqual([['boss@example.com', 'admin']]);
    expect(await needsSetup()).toBe(false);
  });
});
