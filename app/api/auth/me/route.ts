import type { MeResponse } from '@/lib/contracts/auth';
import { authEnabled, identify } from '@/lib/server/caller';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Who is signed in: `{ auth: 'on', user: null }` when nobody (the app header then goes to /login). */
export const GET = route('public', async (req) => {
  if (!authEnabled()) return json({ auth: 'off', user: null } satisfies MeResponse);
  const caller = await identify(req).catch(() => null);
  const user = caller?.kind === 'session' ? { id: caller.userId, email: caller.email, name: caller.name, role: caller.role } : null;
  return json({ auth: 'on', user } satisfies MeResponse);
});
