/**
 * `npm run rotate-key` refuses while a server runs on the same database (issue 21 item 6): the
 * server holds its share of db/server-lock.ts's lock (a SQLite read lock on `<db>.server-lock`), the
 * rotation needs it exclusively. Real processes: a server started as `next start` starts one
 * (lib/testing/boot-process.ts) and the rotate-key script itself. server-lock.postgres.test.ts: the
 * same with Postgres' advisory lock.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnBoot } from '@/lib/testing/spawn-boot';
import { postgresUrl } from './database-url';
import { withExclusiveServerLock } from './server-lock';

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The env of the server and the script: this file's database (DATABASE_URL as the suite gives it, for the Postgres run). */
function lockTestEnv(): Record<string, string | undefined> {
  return { SWITCHYARD_DB: path.join(dir, 'app.db'), SWITCHYARD_SECRET_KEY: undefined, SWITCHYARD_AUTH: 'off', HOST: undefined, BETTER_AUTH_SECRET: undefined, SWITCHYARD_API_KEY: undefined };
}

function rotateKey(env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/rotate-key.ts'],
      { env: { ...process.env, ...env, SWITCHYARD_NEW_SECRET_KEY: 'bmV3LWtleS1mb3ItdGhlLXJvdGF0aW9uLXRlc3QtMzI=' } as NodeJS.ProcessEnv },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it('rotate-key refuses while a server runs on the database, and works once it is gone; a server does not start during a rotation', async () => {
  const env = lockTestEnv();
  const server = await spawnBoot(env);
  try {
    expect(server.outcome, server.stderr).toBe('booted');
    const refused = await rotateKey(env);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/rotate-key refused: a Switchyard server \(or queue worker\) is running on .*: stop it first/);
  } finally {
    await server.kill(); // kill -9: the lock goes with the process
  }
  const done = await rotateKey(env);
  expect(done.stderr).toBe('');
  expect(done.code).toBe(0);
  expect(done.stdout).toMatch(/re-encrypted \d+ connection/);

  // While a rotation holds the lock, a server refuses to start (and says why).
  const dbFile = env.SWITCHYARD_DB!;
  const merged = { ...process.env, ...env } as Record<string, string | undefined>;
  const during = await withExclusiveServerLock(dbFile, merged, () => spawnBoot(env));
  await during.kill();
  expect(during.outcome).toBe('exited');
  expect(during.stderr).toMatch(/cannot start: a key rotation \(npm run rotate-key\) holds/);
  expect(during.stderr).toContain(postgresUrl(merged) ? 'holds the database' : `holds ${dbFile}.server-lock`);
}, 120_000);
