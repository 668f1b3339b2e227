/**
 * Password reset on the wire (issue 21 item 2). POST /api/users/:id/password-reset (admins): the
 * user's password and sessions stop working at once, and a one-time link lets the user choose a new
 * password: emailed to them when the server sends mail (SWITCHYARD_SMTP_URL), else shown to the admin
 * once, to hand over. POST /api/auth/reset-password { token, newPassword } (better-auth's endpoint,
 * the /reset-password page) spends the link.
 */
export interface PasswordResetResponse {
  /** True when the link went to the user's email; then the admin does not see it. */
  emailed: boolean;
  /** The one-time link (only when not emailed). */
  reset_url?: string;
  /** When the link stops working (ISO 8601). */
  expires_at: string;
  /** Why the email could not be sent (then the link is shown instead). */
  email_error?: string;
}
