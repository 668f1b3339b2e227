import { describe, expect, it } from 'vitest';
import { assertSafeBinding, boundHost, isLoopbackHost } from './auth-binding';
import { hostAllowed } from './csrf';

describe('SWITCHYARD_AUTH=off only on loopback', () => {
  it('finds the address from HOST, else next -H / --hostname; none means every interface', () => {
    expect(boundHost({ HOST: '0.0.0.0' }, ['node', 'next', 'start', '-H', '127.0.0.1'])).toBe('0.0.0.0');
    expect(boundHost({}, ['node', 'next', 'start', '-p', '3000', '-H', '127.0.0.1'])).toBe('127.0.0.1');
    expect(boundHost({}, ['node', 'next', 'dev', '--hostname', '::1'])).toBe('::1');
    expect(boundHost({}, ['node', 'next', 'dev', '--hostname=localhost'])).toBe('localhost');
    expect(boundHost({}, ['node', 'next', 'start'])).toBeUndefined();
  });

  it('knows loopback names', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.5', 'example.com', '128.0.0.1']) expect(isLoopbackHost(h)).toBe(false);
  });

  it('refuses to start open beyond loopback with accounts off; accounts on may bind anywhere', () => {
    const off = { SWITCHYARD_AUTH: 'off' };
    expect(() => assertSafeBinding('0.0.0.0', off)).toThrow(/only on loopback.*0\.0\.0\.0/);
    expect(() => assertSafeBinding(undefined, off)).toThrow(/every interface/);
    expect(() => assertSafeBinding('127.0.0.1', off)).not.toThrow();
    expect(() => assertSafeBinding('0.0.0.0', {})).not.toThrow();
  });
});

describe('Host allow-list', () => {
  it('loopback names on any port, SWITCHYARD_HOSTS entries (with their port when given), nothing else', () => {
    const env = { SWITCHYARD_HOSTS: 'App.Example.com, other.test:8443' };
    for (const h of ['localhost:3000', '127.0.0.1', '[::1]:3000', 'app.example.com', 'APP.example.com:443', 'other.test:8443']) {
      expect(hostAllowed(h, env)).toBe(true);
    }
    for (const h of [null, '', 'evil.example', 'other.test', 'other.test:1', 'localhost.evil.example', '127.0.0.1.nip.io', 'a b']) {
      expect(hostAllowed(h, env)).toBe(false);
    }
  });
});
