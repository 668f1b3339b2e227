/**
 * Which Chromium the e2e tests and benchmarks drive: $CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium, else Playwright's own browser (installed by scripts/ensure-browser.mjs).
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined; // Playwright's own
}

export function launchOptions() {
  return { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS };
}
