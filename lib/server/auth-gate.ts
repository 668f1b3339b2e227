/**
 * What stands before better-auth's own endpoints (app/api/auth/[...all]): the Host and Origin checks,
 * the client's address (lib/server/client-address.ts) handed to better-auth in CLIENT_IP_HEADER,
 * the sign-in back-off (lib/server/sign-in-throttle.ts) around POST /sign-in/email, and the email
 * reset endpoints refused when this server sends no mail.
 */
import 'server-only';
import { AppError } from '@/lib/errors';
import { authFor, CLIENT_IP_HEADER } from './auth';
import { decodeUtf8, readBytes } from './body';
import { clientAddress } from './client-address';
import { checkHost, checkOrigin } from './csrf';
import { errorResponse } from './http';
import { smtpConfigured } from './mailer';
import { assertNotLockedOut, recordFailure, recordSuccess } from './sign-in-throttle';

const SIGN_IN_BODY_BYTES = 16 * 1024;

function emailOf(bytes: Uint8Array): string | null {
  try {
    const body = JSON.parse(decodeUtf8(bytes) ?? '') as { email?: unknown };
    return typeof body?.email === 'string' && body.email.trim() ? body.email : null;
  } catch {
    return null;
  }
}

export async function authEndpoint(req: Request): Promise<Response> {
  try {
    checkHost(req);
    checkOrigin(req, false);
    const headers = new Headers(req.headers);
    const address = clientAddress(req);
    headers.set(CLIENT_IP_HEADER, address);
    const path = new URL(req.url).pathname;
    const auth = await authFor(req);
    if (req.method === 'POST' && /\/(request-password-reset|forget-password)$/.test(path) && !smtpConfigured()) {
      throw new AppError('not_found', 'password reset by email is off: this server sends no mail (set SWITCHYARD_SMTP_URL); ask an admin to reset your password');
    }
    if (req.method !== 'POST' || !path.endsWith('/sign-in/email')) {
      return auth.handler(new Request(req, { headers, duplex: 'half' } as RequestInit));
    }
    const bytes = await readBytes(req, SIGN_IN_BODY_BYTES);
    const email = emailOf(bytes);
    const forward = () => auth.handler(new Request(req.url, { method: 'POST', headers, body: bytes as BodyInit, signal: req.signal }));
    if (!email) return forward(); // better-auth answers the malformed body (400); no guess was made
    const attempt = { address, email };
    await assertNotLockedOut(attempt);
    const res = await forward();
    if (res.status === 401) await recordFailure(attempt);
    else if (res.ok) await recordSuccess(email);
    return res;
  } catch (err) {
    return errorResponse(err);
  }
}
