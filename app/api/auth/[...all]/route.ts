import { authFor } from '@/lib/server/auth';
import { checkHost, checkOrigin } from '@/lib/server/csrf';
import { errorResponse } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * better-auth's own endpoints (sign-in/email, sign-out, get-session, …), public by nature: the Host
 * must be ours and a POST must come from our own pages (better-auth checks the origin too).
 */
async function handle(req: Request): Promise<Response> {
  try {
    checkHost(req);
    checkOrigin(req, false);
  } catch (err) {
    return errorResponse(err);
  }
  return (await authFor(req)).handler(req);
}

export const GET = handle;
export const POST = handle;
