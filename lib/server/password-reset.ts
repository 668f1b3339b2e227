/**
 * Password reset (issue 21 item 2), on better-auth's own reset flow: a one-time token (its
 * `verifications` table, valid RESET_TOKEN_TTL_S) that POST /api/auth/reset-password spends to set a
 * new password, revoking the user's sessions. Links point at this server's /reset-password page.
 *
 * - By an admin (POST /api/users/:id/password-reset): the user's current password is replaced by an
 *   unusable random one and their sessions are revoked at once (a suspected leak stops now), their
 *   sign-in lock-out is lifted, and a reset link is made: emailed to the user when SMTP is configured,
 *   else returned to the admin once to hand over. The admin never learns or chooses the password.
 * - By email (the "Forgot password?" link of the sign-in page, only with SWITCHYARD_SMTP_URL):
 *   POST /api/auth/request-password-reset { email } mails the link; the answer is the same whether
 *   the email has an account or not.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { getStore } from '@/db/store';
import type { PasswordResetResponse } from '@/lib/contracts/password-reset';
import { AppError, notFound } from '@/lib/errors';
import { authFor, hashPassword } from './auth';
import { requestOrigin } from './csrf';
import { smtpConfigured } from './mailer';
import { RESET_TOKEN_TTL_S, withResetCapture, type ResetCapture } from './reset-mail';
import { recordSuccess } from './sign-in-throttle';

/** An admin resets a user's password (see the header). 404 for an unknown user. */
export async function adminResetPassword(req: Request, userId: string): Promise<PasswordResetResponse> {
  const user = await getStore().users.get(userId);
  if (!user) throw notFound('user');
  const origin = requestOrigin(req);
  if (!origin) throw new AppError('host_not_allowed', 'the Host is not one of this server\'s names');
  const auth = await authFor(req);
  const ctx = await auth.$context;
  await ctx.internalAdapter.updatePassword(user.id, await hashPassword(randomBytes(32).toString('base64url')));
  await ctx.internalAdapter.deleteUserSessions(user.id);
  await recordSuccess(user.email);
  const held: ResetCapture = { origin, email: smtpConfigured() };
  const expires = new Date(Date.now() + RESET_TOKEN_TTL_S * 1000);
  await withResetCapture(held, () => auth.api.requestPasswordReset({ body: { email: user.email }, headers: req.headers }));
  if (!held.link) throw new AppError('internal', 'the reset link was not made');
  const expires_at = expires.toISOString();
  if (held.email && !held.emailError) return { emailed: true, expires_at };
  return { emailed: false, reset_url: held.link, expires_at, ...(held.emailError ? { email_error: held.emailError } : {}) };
}
