/** @type {import('next').NextConfig} */
const nextConfig = {
  // SSE must not be held back by gzip buffering under `next start`.
  compress: false,
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3'],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};
export default nextConfig;
