/**
 * Pages redirect to /login when signed out (accounts on). Only a quick look for the session cookie:
 * the real checks run in every route handler (lib/server/caller.ts, CVE-2025-29927), and the app
 * header sends a stale session to /login too. API routes, /.well-known/ (rewritten to API routes,
 * next.config.mjs), the sign-in pages and static files are not matched. A public chat page
 * (/c/<token>) needs no session (the page itself checks the share) and may be framed by its share's
 * allow-listed origins only: its framing headers are set here.
 */
import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';

export async function proxy(request: NextRequest) {
  const chat = /^\/c\/([^/]+)\/?$/.exec(request.nextUrl.pathname);
  if (chat) return publicChat(decodeURIComponent(chat[1]!));
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

/** The public chat page: framed by this server's pages and the share's allow-listed origins only (none when the share is unknown or off). */
async function publicChat(token: string): Promise<NextResponse> {
  let policy = "frame-ancestors 'self'";
  try {
    const { framePolicy } = await import('@/lib/server/public-frame');
    policy = await framePolicy(token);
  } catch (err) {
    console.error('[switchyard] the framing policy of a public chat could not be read:', err);
  }
  const res = NextResponse.next();
  res.headers.set('Content-Security-Policy', policy);
  // X-Frame-Options cannot name other origins: only sent when no other origin may frame the page.
  if (policy === "frame-ancestors 'self'") res.headers.set('X-Frame-Options', 'SAMEORIGIN');
  return res;
}
