/**
 * Who is at the other end of the connection (issue 21 item 2). A route handler sees a web Request,
 * which carries no socket: Next.js 16 removed `request.ip`, and the `X-Forwarded-For` it fills in
 * (`??= socket.remoteAddress`) keeps whatever the client sent. So the server captures the socket's
 * peer address where Node accepts the request: a subscriber of Node's documented diagnostics channel
 * `http.server.request.start` (published for every request of every `http.Server` of the process,
 * before its 'request' listeners run: Next's own server under `next start`/`next dev`, the test
 * harness's) writes the header `x-switchyard-peer: <process token> <address>` into the request,
 * replacing any value the client sent. The token is random per process, so a client cannot forge
 * the header even for a request that arrived before the subscriber was installed (then it has no
 * peer: `peerAddress` answers null).
 *
 * `X-Forwarded-For` is believed only when the peer is one of SWITCHYARD_TRUSTED_PROXIES (a comma list
 * of addresses and CIDR ranges, IPv4 or IPv6; default none): the client is then the rightmost hop of
 * the chain that is not a trusted proxy. Otherwise the peer itself is the client.
 */
import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';

export const PEER_HEADER = 'x-switchyard-peer';

const KEY = Symbol.for('switchyard.peer-capture');
type G = typeof globalThis & { [KEY]?: { token: string } };

function capture(): { token: string } | undefined {
  return (globalThis as G)[KEY];
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; lower case; null for something that is not an address. */
export function normalizeAddress(value: string | undefined | null): string | null {
  if (!value) return null;
  let v = value.trim().toLowerCase();
  if (v.startsWith('[') && v.endsWith(']')) v = v.slice(1, -1);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v);
  if (mapped) v = mapped[1];
  return isIP(v) ? v : null;
}

/**
 * Installs the capture once per process (the start-up does, lib/server/startup.ts). Idempotent.
 */
export function installPeerCapture(): void {
  const g = globalThis as G;
  if (g[KEY]) return;
  const held = { token: randomBytes(18).toString('base64url') };
  g[KEY] = held;
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const peer = normalizeAddress(socket?.remoteAddress) ?? 'unknown';
    request.headers[PEER_HEADER] = `${held.token} ${peer}`;
  });
}

/** The socket's peer address of this request, or null when it was not captured (or was forged). */
export function peerAddress(req: Request): string | null {
  const held = capture();
  const value = req.headers.get(PEER_HEADER);
  if (!held || !value) return null;
  const space = value.indexOf(' ');
  if (space < 0 || value.slice(0, space) !== held.token) return null;
  return normalizeAddress(value.slice(space + 1));
}

export interface TrustedProxies {
  has(address: string): boolean;
  readonly entries: string[];
}

/** SWITCHYARD_TRUSTED_PROXIES parsed; throws naming the setting and the entry that is not an address or CIDR range. */
export function trustedProxies(env: Record<string, string | undefined> = process.env): TrustedProxies {
  const entries = (env.SWITCHYARD_TRUSTED_PROXIES ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits, extra] = entry.split('/');
    const ip = normalizeAddress(addr);
    const family = ip ? (isIP(ip) === 6 ? 'ipv6' : 'ipv4') : null;
    const prefix = bits === undefined ? (family === 'ipv6' ? 128 : 32) : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!ip || !family || extra !== undefined || !(prefix >= 0 && prefix <= (family === 'ipv6' ? 128 : 32))) {
      throw new Error(`SWITCHYARD_TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an IP address or CIDR range (e.g. 10.0.0.0/8, ::1)`);
    }
    list.addSubnet(ip, prefix, family);
  }
  return {
    entries,
    has(address) {
      const ip = normalizeAddress(address);
      if (!ip) return false;
      return list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/**
 * The client's address: the peer, or, when the peer is a trusted proxy, the rightmost
 * `X-Forwarded-For` hop that is not one (all trusted: the leftmost; a hop that is not an address
 * ends the walk at the hop before it). `unknown` when the peer was not captured.
 */
export function clientAddress(req: Request, proxies: TrustedProxies = trustedProxies()): string {
  const peer = peerAddress(req);
  if (!peer) return 'unknown';
  if (!proxies.has(peer)) return peer;
  const hops = (req.headers.get('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]);
    if (!hop) break;
    client = hop;
    if (!proxies.has(hop)) break;
  }
  return client;
}
