/**
 * SSRF policy (pure): which URLs and IP addresses an outbound tool request may reach.
 * Host names are normalized by the WHATWG URL parser (so http://2130706433/, http://0x7f.1/ and
 * http://017700000001/ all become 127.0.0.1) and every resolved address is checked, including
 * IPv4 embedded in IPv6 (::ffff:127.0.0.1, ::ffff:0:127.0.0.1, 6to4); NAT64 prefixes are refused whole.
 * Allow-list entries may name a port (`host:port`, `[v6]:port`): then only that port is allowed.
 */
import { isIP } from 'node:net';
import { AppError } from '../errors';

export function ssrfError(message: string): AppError {
  return new AppError('ssrf_blocked', message);
}

/** Parses and checks the scheme; returns the URL, its bare host (IPv6 without brackets) and its port. */
export function parseOutboundUrl(raw: string): { url: URL; host: string; port: number } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('http_error', `"${raw.slice(0, 200)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw ssrfError(`Refused ${url.protocol.replace(/:$/, '')}:// URL: only http and https are allowed`);
  }
  if (url.username || url.password) throw ssrfError('Refused a URL with credentials in it (user:password@host)');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { url, host: host.toLowerCase(), port: effectivePort(url) };
}

/** The port a request to `url` goes to (the scheme's default when none is written). */
function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** 16 bytes of an IPv6 address (handles `::` and a trailing dotted IPv4). */
function v6Bytes(ip: string): number[] {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    tail = v4Bytes(s.slice(lastColon + 1));
    s = s.slice(0, lastColon + 1) + '0:0';
  }
  const [head, rest] = s.includes('::') ? s.split('::') : [s, undefined];
  const h = head ? head.split(':') : [];
  const r = rest !== undefined ? (rest ? rest.split(':') : []) : [];
  const groups = rest !== undefined ? [...h, ...Array(8 - h.length - r.length).fill('0'), ...r] : h;
  const bytes = groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const V4_BLOCKS: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved / broadcast'],
];

function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte] & mask) !== (prefix[byte] & mask)) return false;
  }
  return true;
}

function classifyV4(bytes: number[]): string | null {
  for (const [net, bits, why] of V4_BLOCKS) if (inPrefix(bytes, v4Bytes(net), bits)) return why;
  return null;
}

function classifyV6(b: number[]): string | null {
  const zeroUpTo = (n: number) => b.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(16)) return 'unspecified';
  if (zeroUpTo(15) && b[15] === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d: judge the embedded IPv4.
  if (zeroUpTo(10) && b[10] === 0xff && b[11] === 0xff) return embedded(b.slice(12), 'IPv4-mapped');
  // IPv4-translated ::ffff:0:a.b.c.d (::ffff:0:0:0/96, SIIT): judge the embedded IPv4 too.
  if (zeroUpTo(8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return embedded(b.slice(12), 'IPv4-translated');
  if (zeroUpTo(12)) return 'IPv4-compatible (deprecated)';
  // NAT64 reaches whatever IPv4 network its gateway sits in: refused whole (allow-list a host to use it).
  if (inPrefix(b, v6Bytes('64:ff9b::'), 96)) return embedded(b.slice(12), 'NAT64') ?? `NAT64 (64:ff9b::/96, to ${b.slice(12).join('.')})`;
  if (inPrefix(b, v6Bytes('64:ff9b:1::'), 48)) return 'local-use NAT64 (64:ff9b:1::/48)';
  if (inPrefix(b, v6Bytes('2002::'), 16)) return embedded(b.slice(2, 6), '6to4');
  if (inPrefix(b, v6Bytes('fe80::'), 10)) return 'link-local';
  if (inPrefix(b, v6Bytes('fec0::'), 10)) return 'site-local';
  if (inPrefix(b, v6Bytes('fc00::'), 7)) return 'unique-local (private; includes fd00:ec2::254 metadata)';
  if (inPrefix(b, v6Bytes('ff00::'), 8)) return 'multicast';
  if (inPrefix(b, v6Bytes('2001:db8::'), 32)) return 'documentation';
  if (inPrefix(b, v6Bytes('100::'), 64)) return 'discard-only';
  return null;
}

function embedded(v4: number[], kind: string): string | null {
  const why = classifyV4(v4);
  return why ? `${kind} ${why} ${v4.join('.')}` : null;
}

/** Why an IP address must not be reached (e.g. "loopback"), or null when it is a public address. */
export function blockedReason(ip: string): string | null {
  const version = isIP(ip.split('%')[0]);
  if (version === 4) return classifyV4(v4Bytes(ip));
  if (version === 6) return classifyV6(v6Bytes(ip));
  return 'not an IP address';
}

/** A host as the URL parser writes it (lowercase, IPs canonical: `127.1` -> 127.0.0.1, `[::0001]` -> ::1). */
function canonicalHost(host: string): string {
  const v6 = host.includes(':');
  try {
    const name = new URL(`http://${v6 ? `[${host}]` : host}/`).hostname;
    return v6 ? name.slice(1, -1) : name;
  } catch {
    return host;
  }
}

const key = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/**
 * Allow-list entries from options or env SWITCHYARD_ALLOWED_HOSTS: `host` or `ip` (any port),
 * `host:port`, `ip:port` or `[ipv6]:port` (that port only); a bare IPv6 address allows any port.
 * Entries with a bad port are ignored.
 */
export function parseAllowedHosts(value: string | string[] | undefined): Set<string> {
  const list = Array.isArray(value) ? value : (value ?? '').split(',');
  const out = new Set<string>();
  for (const raw of list) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+):(\d+)$/.exec(entry);
    const host = canonicalHost(m ? m[1] : entry);
    if (m?.[2] === undefined) {
      out.add(host);
      continue;
    }
    const port = Number(m[2]);
    if (port >= 1 && port <= 65535) out.add(key(host, port));
  }
  return out;
}

/** Whether `host` (a name or a bare IP) on `port` is on the allow list; port-less entries allow every port. */
export function isAllowedHost(allowed: Set<string>, host: string, port?: number): boolean {
  const h = host.toLowerCase();
  return allowed.has(h) || (port !== undefined && allowed.has(key(h, port)));
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The addresses `host` may be reached at (on `port`), all checked. An allow-listed host name, or
 * addresses that are all allow-listed, pass even when private. Entries naming a port only match
 * that port (and never when `port` is not given). Any blocked address refuses the whole host (a name
 * that resolves to one public and one private address is not safe to use).
 */
export function checkAddresses(host: string, addresses: ResolvedAddress[], allowed: Set<string>, port?: number, subject = 'Tools'): ResolvedAddress[] {
  if (addresses.length === 0) throw new AppError('http_error', `Host "${host}" did not resolve to any address`);
  if (isAllowedHost(allowed, host, port)) return addresses;
  for (const a of addresses) {
    if (isAllowedHost(allowed, a.address, port)) continue;
    const why = blockedReason(a.address);
    if (why) {
      const shown = host === a.address.toLowerCase() ? host : `${host} (${a.address})`;
      const entry = port === undefined ? host : key(host, port);
      throw ssrfError(`Refused to connect to ${shown}: ${why} address. ${subject} may only reach public hosts; an operator can allow a host with SWITCHYARD_ALLOWED_HOSTS (e.g. SWITCHYARD_ALLOWED_HOSTS=${entry}).`);
    }
  }
  return addresses;
}
