/**
 * The server refuses unsafe settings at start (issue 21 item 6), each refusal naming its setting:
 * checked on the settings alone, then on real server processes started as `next start` starts one
 * (listening first, then the start-up of instrumentation.ts: lib/testing/boot-process.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnBoot } from '@/lib/testing/spawn-boot';
import { KNOWN_SECRETS, unsafeSettings } from './unsafe-settings';

const GOOD_SECRET = 'Zq8v3Kx1Lp0Wm7Rt5Yb2Nc9Hd4Fg6Js1';

describe('unsafe settings', () => {
  it("knows better-auth's own default secret (read from the installed package)", () => {
    const constants = readFileSync(path.join(process.cwd(), 'node_modules/better-auth/dist/utils/constants.mjs'), 'utf8');
    const published = /DEFAULT_SECRET = "([^"]+)"/.exec(constants)?.[1];
    expect(published).toBeTruthy();
    expect(KNOWN_SECRETS).toContain(published);
  });

  it('names each bad setting; unset secrets and good values pass', () => {
    expect(unsafeSettings({})).toEqual([]);
    expect(unsafeSettings({ BETTER_AUTH_SECRET: GOOD_SECRET, SWITCHYARD_API_KEY: `sy-${GOOD_SECRET}`, SWITCHYARD_TRUSTED_PROXIES: '10.0.0.0/8, ::1, 192.168.1.2' })).toEqual([]);
    const one = (env: Record<string, string>) => {
      const problems = unsafeSettings(env);
      expect(problems).toHaveLength(1);
      return problems[0];
    };
    expect(one({ BETTER_AUTH_SECRET: 'a' })).toMatch(/^BETTER_AUTH_SECRET is too short \(1 characters; at least 32\)/);
    expect(one({ BETTER_AUTH_SECRET: 'better-auth-secret-12345678901234567890' })).toMatch(/^BETTER_AUTH_SECRET is a published default secret/);
    expect(one({ BETTER_AUTH_SECRET: 'a'.repeat(40) })).toMatch(/^BETTER_AUTH_SECRET has too few distinct characters/);
    expect(one({ SWITCHYARD_API_KEY: 'x' })).toMatch(/^SWITCHYARD_API_KEY is too short/);
    expect(one({ SWITCHYARD_TRUSTED_PROXIES: '10.0.0.0/8, proxy.local' })).toMatch(/^SWITCHYARD_TRUSTED_PROXIES: "proxy\.local" is not an IP address or CIDR range/);
    expect(one({ SWITCHYARD_TRUSTED_PROXIES: '10.0.0.0/33' })).toMatch(/SWITCHYARD_TRUSTED_PROXIES/);
    expect(one({ SWITCHYARD_MAX_KEYS_PER_USER: '0' })).toMatch(/SWITCHYARD_MAX_KEYS_PER_USER/);
    expect(one({ SWITCHYARD_SMTP_URL: 'http://mail.example.com' })).toMatch(/SWITCHYARD_SMTP_URL/);
    expect(unsafeSettings({ BETTER_AUTH_SECRET: 'short', SWITCHYARD_API_KEY: 'short' })).toHaveLength(2);
  });

  it('refuses a bound that is not a number in its range, naming it (a reader would silently use its default)', () => {
    const good = { SWITCHYARD_MAX_REPLY_BYTES: '1048576', SWITCHYARD_BODY_TIMEOUT_S: '2.5', SWITCHYARD_HEADERS_TIMEOUT_S: '20', SWITCHYARD_STORE_RETRY_S: '0', SWITCHYARD_RUN_THREADS: '0' };
    expect(unsafeSettings(good)).toEqual([]);
    expect(unsafeSettings({ SWITCHYARD_MAX_REPLY_BYTES: '10MB' })).toEqual(['SWITCHYARD_MAX_REPLY_BYTES="10MB" is not a whole number of bytes from 1 to 9007199254740991']);
    expect(unsafeSettings({ SWITCHYARD_MAX_REPLY_BYTES: '0' })[0]).toMatch(/^SWITCHYARD_MAX_REPLY_BYTES="0"/);
    expect(unsafeSettings({ SWITCHYARD_BODY_TIMEOUT_S: '-1' })[0]).toMatch(/^SWITCHYARD_BODY_TIMEOUT_S="-1" is not a number of seconds/);
    expect(unsafeSettings({ SWITCHYARD_HEADERS_TIMEOUT_S: 'soon' })[0]).toMatch(/^SWITCHYARD_HEADERS_TIMEOUT_S/);
    expect(unsafeSettings({ SWITCHYARD_STORE_RETRY_S: 'forever' })[0]).toMatch(/^SWITCHYARD_STORE_RETRY_S/);
    expect(unsafeSettings({ SWITCHYARD_RUN_THREADS: '1.5' })[0]).toMatch(/^SWITCHYARD_RUN_THREADS="1.5" is not a whole number of threads from 0 to 256/);
  });
});

describe('a real server process refuses to start', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-unsafe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const boot = (env: Record<string, string | undefined>) =>
    spawnBoot({ SWITCHYARD_DB: path.join(dir, `db-${n++}.db`), DATABASE_URL: undefined, SWITCHYARD_AUTH: undefined, HOST: undefined, BETTER_AUTH_SECRET: undefined, SWITCHYARD_API_KEY: undefined, ...env });

  async function refused(env: Record<string, string | undefined>, setting: RegExp) {
    const r = await boot(env);
    await r.kill();
    expect(r.outcome, r.stdout + r.stderr).toBe('exited');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\[switchyard\] cannot start: /);
    expect(r.stderr).toMatch(setting);
  }

  it('with a short BETTER_AUTH_SECRET', () => refused({ BETTER_AUTH_SECRET: 'a' }, /BETTER_AUTH_SECRET is too short/), 60_000);
  it("with better-auth's default secret", () => refused({ BETTER_AUTH_SECRET: 'better-auth-secret-12345678901234567890' }, /BETTER_AUTH_SECRET is a published default secret/), 60_000);
  it('with a short SWITCHYARD_API_KEY', () => refused({ SWITCHYARD_API_KEY: 'x' }, /SWITCHYARD_API_KEY is too short/), 60_000);
  it('with a reply cap that is not a number', () => refused({ SWITCHYARD_MAX_REPLY_BYTES: '4 MiB' }, /SWITCHYARD_MAX_REPLY_BYTES="4 MiB" is not a whole number of bytes/), 60_000);
  it('with SWITCHYARD_AUTH=off listening on 0.0.0.0 although HOST=127.0.0.1 (the address actually bound counts)', () =>
    refused({ SWITCHYARD_AUTH: 'off', HOST: '127.0.0.1', BOOT_LISTEN_HOST: '0.0.0.0' }, /SWITCHYARD_AUTH=off is allowed only on loopback, but the server listens on 0\.0\.0\.0/), 60_000);

  it('and starts with safe settings (accounts off on loopback, long secrets)', async () => {
    const r = await boot({ SWITCHYARD_AUTH: 'off', BETTER_AUTH_SECRET: GOOD_SECRET, SWITCHYARD_API_KEY: `sy-${GOOD_SECRET}`, BOOT_LISTEN_HOST: '127.0.0.1' });
    await r.kill();
    expect(r.outcome, r.stderr).toBe('booted');
  }, 60_000);
});
