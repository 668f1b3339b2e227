/**
 * The shared cluster's hand-over between test files, without starting PostgreSQL: a file that finds
 * the cluster started uses it without owning it; one that finds the start failed says why.
 * (The *.postgres.test.ts files exercise the real start: the first of a run starts the cluster.)
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setEnv } from './env';
import { sharedPostgresServer, stopSharedPostgres } from './shared-postgres';

let holder: string;
beforeEach(() => {
  holder = mkdtempSync(path.join(tmpdir(), 'switchyard-pg-run-test-'));
});
afterEach(() => rmSync(holder, { recursive: true, force: true }));

describe('sharedPostgresServer', () => {
  it('uses the cluster another file started: same port, a stop that leaves it running, a restart that refuses', async () => {
    mkdirSync(path.join(holder, 'lock'));
    writeFileSync(path.join(holder, 'server.json'), JSON.stringify({ bin: '/nonexistent/bin', dir: path.join(holder, 'cluster'), port: 54999 }));
    const server = await sharedPostgresServer(holder);
    expect(server.port).toBe(54999);
    expect(server.url).toBe('postgres://postgres@127.0.0.1:54999/postgres');
    expect(() => server.stop()).not.toThrow(); // not owned: pg_ctl (here missing) is never called
    expect(() => server.restart()).toThrow(/other test files share: use onPostgres\(\{ ownCluster: true \}\)/);
  });

  it('waits for the starting file, then uses what it wrote', async () => {
    mkdirSync(path.join(holder, 'lock'));
    const later = setTimeout(() => writeFileSync(path.join(holder, 'server.json'), JSON.stringify({ bin: '/x', dir: '/y', port: 54998 })), 300);
    try {
      expect((await sharedPostgresServer(holder)).port).toBe(54998);
    } finally {
      clearTimeout(later);
    }
  });

  it("fails with the starting file's reason when its start failed", async () => {
    mkdirSync(path.join(holder, 'lock'));
    writeFileSync(path.join(holder, 'error'), 'initdb failed (1): could not create directory');
    await expect(sharedPostgresServer(holder)).rejects.toThrow('The shared PostgreSQL cluster did not start: initdb failed (1): could not create directory');
  });

  it('the first file starts it; when that fails it says why, leaves nothing behind, and the next file gets the same reason', async () => {
    // PostgreSQL binaries that fail: an initdb exiting 1.
    const bin = path.join(holder, 'bin');
    mkdirSync(bin);
    for (const name of ['initdb', 'pg_ctl']) writeFileSync(path.join(bin, name), '#!/bin/sh\necho "broken $0" >&2\nexit 1\n', { mode: 0o755 });
    chmodSync(holder, 0o755);
    const restore = setEnv({ POSTGRES_BIN_DIR: bin });
    try {
      const first = await sharedPostgresServer(holder).then(
        () => null,
        (err: Error) => err,
      );
      expect(first).toBeInstanceOf(Error);
      expect(readdirSync(holder).sort()).toEqual(['bin', 'error', 'lock']); // no half-made cluster directory
      expect(existsSync(path.join(holder, 'server.json'))).toBe(false);
      await expect(sharedPostgresServer(holder)).rejects.toThrow(`The shared PostgreSQL cluster did not start: ${first!.message}`);
    } finally {
      restore();
    }
  });

  it('stopSharedPostgres does nothing when no file started a cluster', () => {
    expect(() => stopSharedPostgres(holder)).not.toThrow();
  });
});
