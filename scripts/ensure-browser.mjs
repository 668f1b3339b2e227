// Makes sure `npm test` has a Chromium to drive: $CHROMIUM_PATH or Debian's /usr/bin/chromium
// when present, otherwise Playwright's own browser is installed.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
const found = candidates.find((p) => existsSync(p));
if (found) {
  console.log(`e2e: using Chromium at ${found}`);
} else {
  console.log('e2e: no system Chromium found; installing Playwright\'s own');
  const r = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
