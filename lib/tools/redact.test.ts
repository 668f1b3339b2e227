/** The redactor: exact values and their encodings are masked; short values are left alone; the console is guarded. */
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { connectionSecrets, guardConsole, headerSecrets, MIN_SECRET_LENGTH, REDACTED, SecretSet, redactError, redactText, registerSecrets } from './redact';
import { setEnv } from '@/lib/testing/env';

const KEY = 'sk-live-Zq9/x+Ab"c\\d%2F e7';

describe('SecretSet', () => {
  const set = new SecretSet([KEY]);
  const bytes = Buffer.from(KEY);
  const cases: [string, string][] = [
    ['exact', `key ${KEY} end`],
    ['Bearer', `Authorization: Bearer ${KEY}`],
    ['JSON-escaped', JSON.stringify({ echoed: KEY })],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify({ echoed: KEY }))],
    ['URL-encoded', `?key=${encodeURIComponent(KEY)}&x=1`],
    ['form-encoded', `key=${encodeURIComponent(KEY).replace(/%20/g, '+')}`],
    ['lowercase percent-encoding', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
    ['hex', `hex ${bytes.toString('hex')}`],
    ['HEX', `hex ${bytes.toString('hex').toUpperCase()}`],
    ['base64', `b64 ${bytes.toString('base64')}`],
    ['base64url', `b64u ${bytes.toString('base64url')}`],
    ['basic auth of user:key', `Basic ${Buffer.from(`alice:${KEY}`).toString('base64')}`],
    ['basic auth of a longer user', `Basic ${Buffer.from(`bobby:${KEY}`).toString('base64')}`],
    ['base64url of a prefix and the key', Buffer.from(`xy${KEY}zz`).toString('base64url')],
  ];
  for (const [what, text] of cases) {
    it(`masks the ${what} form`, () => {
      const out = set.text(text);
      expect(out).toContain(REDACTED);
      // No run of 8 characters of any form of the key survives.
      for (const form of [KEY, bytes.toString('hex'), bytes.toString('base64'), encodeURIComponent(KEY)]) {
        for (let i = 0; i + 12 <= form.length; i += 4) expect(out).not.toContain(form.slice(i, i + 12));
      }
    });
  }

  it('leaves texts without a secret as they are (the same string)', () => {
    const text = 'nothing to see here: sk-other-value';
    expect(set.text(text)).toBe(text);
  });

  it(`ignores values shorter than ${MIN_SECRET_LENGTH} characters`, () => {
    const short = new SecretSet(['abc', '1234567', '', null, undefined]);
    expect(short.size).toBe(0);
    expect(short.text('abc 1234567')).toBe('abc 1234567');
  });

  it('redacts JSON-like values deeply, keys too, and keeps unchanged parts by identity', () => {
    const untouched = { n: 1, list: ['a'] };
    const value = { error: { message: `bad key ${KEY}` }, [KEY]: true, untouched, when: new Date(0) };
    const out = set.value(value);
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out.untouched).toBe(untouched);
    expect(out.when).toBe(value.when);
    expect(value.error.message).toContain(KEY); // the input is not changed
  });
});

describe('header and connection secrets', () => {
  it('a basic-auth header stands for its token, user:pass and the password', () => {
    const token = Buffer.from('user:correct-horse-battery').toString('base64');
    expect(headerSecrets(`Basic ${token}`)).toEqual([`Basic ${token}`, token, 'user:correct-horse-battery', 'correct-horse-battery']);
    expect(headerSecrets('Bearer abcdefghijkl')).toEqual(['Bearer abcdefghijkl', 'abcdefghijkl']);
  });

  it('every header value of a connection counts, whatever its name, but plain headers (Accept, Referer...)', () => {
    expect(connectionSecrets({ api_key: 'sk-12345678', headers: { 'X-Session': 'sess-abcdefgh', Accept: 'application/json', 'HTTP-Referer': 'https://app.example' } })).toEqual(['sk-12345678', 'sess-abcdefgh']);
  });
});

describe('the process-wide redactor', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('knows the server keys from the environment and registered values', () => {
    restore = setEnv({ SWITCHYARD_API_KEY: 'service-key-0123456789' });
    registerSecrets(['registered-secret-value']);
    expect(redactText('a service-key-0123456789 b registered-secret-value c')).toBe(`a ${REDACTED} b ${REDACTED} c`);
  });

  it('redacts an AppError message and details into a copy', () => {
    registerSecrets(['tool-secret-abcdef']);
    const err = new AppError('model_unauthorized', 'refused tool-secret-abcdef', { body: 'echo tool-secret-abcdef' });
    const out = redactError(err) as AppError;
    expect(out).toBeInstanceOf(AppError);
    expect(out.code).toBe('model_unauthorized');
    expect(out.message).toBe(`refused ${REDACTED}`);
    expect(JSON.stringify(out.details)).not.toContain('tool-secret-abcdef');
    expect(redactError(new AppError('not_found', 'nothing secret'))).toBeInstanceOf(AppError);
  });

  it('a guarded console prints redacted lines', () => {
    registerSecrets(['console-secret-1234']);
    const lines: string[] = [];
    const target = { log: (...a: unknown[]) => lines.push(a.map(String).join(' ')), info() {}, warn() {}, error() {}, debug() {}, trace() {} } as unknown as Console;
    guardConsole(target);
    guardConsole(target); // idempotent
    target.log('key %s in', 'console-secret-1234', { nested: 'console-secret-1234' });
    target.log('plain', 42);
    expect(lines[0]).not.toContain('console-secret-1234');
    expect(lines[0]).toContain(REDACTED);
    expect(lines[1]).toBe('plain 42');
  });
});
