/** The frame-ancestors policy of a public chat page (/c/<token>), read by proxy.ts: the share's allow-list when sharing is on. */
import 'server-only';
import { getStore } from '@/db/store';
import { frameAncestors } from './public-share';

export async function framePolicy(token: string): Promise<string> {
  const share = token.length <= 100 ? await getStore().shares.byToken(token) : null;
  return frameAncestors(share && share.access !== 'off' ? share : null);
}
