import { hostname, networkInterfaces } from 'node:os';

/**
 * Hosts the dev server accepts page and HMR requests from besides `localhost`: without them a page
 * opened at http://127.0.0.1:3000 (or at this machine's name or LAN address) never hydrates.
 * More (comma-separated, wildcards allowed): SWITCHYARD_DEV_ORIGINS.
 */
function devOrigins() {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', hostname(), `${hostname()}.local`]);
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4') names.add(a.address);
  for (const extra of (process.env.SWITCHYARD_DEV_ORIGINS ?? '').split(',')) if (extra.trim()) names.add(extra.trim());
  return [...names];
}

/**
 * Framing protection on every page and route (issue 21 item 6): only our own pages may frame ours
 * (CSP frame-ancestors; X-Frame-Options for browsers without CSP 2), so another site cannot overlay
 * the signed-in Settings page and click through it. The public chat page (/c/<token>) is the one
 * exception: proxy.ts sets its frame-ancestors from the share's allow-list (lib/server/public-share.ts).
 */
export const FRAME_HEADERS = [
  { key: 'Content-Security-Policy', value: "frame-ancestors 'self'" },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
];

/**
 * Routes at fixed well-known paths. The App Router does not route dot-folders (app/.well-known), so
 * the handler lives under app/api and the well-known URL is rewritten to it; proxy.ts lets
 * /.well-known/ through (the route checks the caller itself).
 */
export const WELL_KNOWN_REWRITES = [
  // A2A: the workspace's agent card (app/api/well-known/agent-card.json/route.ts).
  { source: '/.well-known/agent-card.json', destination: '/api/well-known/agent-card.json' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // SSE must not be held back by gzip buffering under `next start`.
  compress: false,
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3', 'bullmq', 'ioredis', 'sqlite-vec', 'unpdf', 'mammoth'],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
  allowedDevOrigins: devOrigins(),
  async headers() {
    // Every path but a public chat page (/c/<token>), whose allow-list proxy.ts sets per share.
    return [
      { source: '/', headers: FRAME_HEADERS },
      { source: '/:path((?!c/).*)', headers: FRAME_HEADERS },
    ];
  },
  async rewrites() {
    return WELL_KNOWN_REWRITES;
  },
};
export default nextConfig;
