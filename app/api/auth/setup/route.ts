import { SetupBody } from '@/lib/contracts/auth';
import { AppError } from '@/lib/errors';
import { createFirstAdmin, needsSetup, userView } from '@/lib/server/auth-users';
import { readJson } from '@/lib/server/body';
import { authEnabled } from '@/lib/server/caller';
import { checkHost, checkOrigin } from '@/lib/server/csrf';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Whether the first admin is still to be created (the /setup page asks). */
export const GET = route('public', async () => json({ auth: authEnabled() ? 'on' : 'off', needs_setup: authEnabled() && (await needsSetup()) }));

/** Creates the first admin: only while no user exists (409 after), from our own pages. Then sign in. */
export const POST = route('public', async (req) => {
  checkHost(req);
  checkOrigin(req, false);
  if (!authEnabled()) throw new AppError('conflict', 'accounts are off (SWITCHYARD_AUTH=off): there is no admin to set up');
  const body = await readJson(req, SetupBody);
  return json({ user: userView(await createFirstAdmin(body)) }, 201);
});
