/**
 * The reset link's delivery (better-auth's `sendResetPassword`, lib/server/auth.ts): a link to this
 * server's /reset-password page, mailed to the user (lib/server/mailer.ts), or handed to the admin's
 * reset that asked for it (lib/server/password-reset.ts). No import of auth.ts here (it imports this).
 */
import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '@/lib/errors';
import { requestOrigin } from './csrf';
import { sendMail } from './mailer';

/** How long a reset link works: one hour. */
export const RESET_TOKEN_TTL_S = 3600;

export interface ResetCapture {
  origin: string;
  /** Mail the link (an admin's reset with SMTP configured). */
  email: boolean;
  link?: string;
  emailError?: string;
}
const capture = new AsyncLocalStorage<ResetCapture>();

export function resetLink(origin: string, token: string): string {
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`;
}

function mailText(email: string, link: string, byAdmin: boolean): string {
  return [
    byAdmin
      ? `An administrator of Switchyard reset the password of your account (${email}). Your old password no longer works.`
      : `Someone (hopefully you) asked to reset the password of your Switchyard account (${email}).`,
    '',
    `Open this link within ${RESET_TOKEN_TTL_S / 60} minutes to choose a new password (it works once):`,
    link,
    '',
    byAdmin ? 'Ask your administrator if you did not expect this.' : 'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
}

/**
 * better-auth's `sendResetPassword`: builds the link to our /reset-password page and mails it, or
 * hands it to the admin's reset that asked for it.
 */
export async function deliverResetLink(data: { user: { email: string }; token: string }, request?: Request): Promise<void> {
  const held = capture.getStore();
  const origin = held?.origin ?? (request ? requestOrigin(request) : null);
  if (!origin) throw new AppError('bad_request', 'a password reset link needs a request to this server (its Host)');
  const link = resetLink(origin, data.token);
  if (held) held.link = link;
  if (held && !held.email) return;
  try {
    await sendMail({ to: data.user.email, subject: 'Reset your Switchyard password', text: mailText(data.user.email, link, held !== undefined) });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (held) held.emailError = message;
    // The public flow answers the same either way (no account enumeration): the failure is logged.
    else console.error(`[switchyard] password reset mail to ${data.user.email} not sent: ${message}`);
  }
}

/** Runs `fn` (better-auth's requestPasswordReset) with the link captured into `held` instead of only mailed. */
export function withResetCapture<T>(held: ResetCapture, fn: () => Promise<T>): Promise<T> {
  return capture.run(held, fn);
}
