/**
 * Pages redirect to /login when signed out (accounts on). Only a quick look for the session cookie:
 * the real checks run in every route handler (lib/server/caller.ts, CVE-2025-29927), and the app
 * header sends a stale session to /login too. API routes, /.well-known/ (rewritten to API routes,
 * next.config.mjs), the sign-in pages and static files are not matched.
 */
import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';

export function proxy(request: NextRequest) {
  if (process.env.SWITCHYARD_AUTH?.trim().toLowerCase() === 'off') return NextResponse.next();
  if (getSessionCookie(request)) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = '/login';
  url.search = '';
  const next = request.nextUrl.pathname + request.nextUrl.search;
  if (next !== '/') url.searchParams.set('next', next);
  return NextResponse.redirect(url);
}

export const config = {
  matcher: ['/((?!api/|\\.well-known/|_next/|login|setup|reset-password|forgot-password|favicon\\.svg|theme-init\\.js|.*\\.(?:svg|png|ico|js|css|txt|woff2?)$).*)'],
};
