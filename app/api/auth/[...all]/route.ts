import { authEndpoint } from '@/lib/server/auth-gate';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * better-auth's own endpoints (sign-in/email, sign-out, get-session, reset-password, …), public by
 * nature: the Host must be ours and a POST must come from our own pages (better-auth checks the
 * origin too); sign-ins pass the back-off per address and account (lib/server/auth-gate.ts).
 */
export const GET = authEndpoint;
export const POST = authEndpoint;
