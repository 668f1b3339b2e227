/**
 * Outgoing email (issue 21 item 2: password reset by email), with nodemailer over SMTP when
 * SWITCHYARD_SMTP_URL is set (`smtp://user:pass@host:587`, `smtps://…:465`; nodemailer's URL form,
 * its query options included). SWITCHYARD_SMTP_FROM is the sender (default `Switchyard <switchyard@localhost>`).
 * Without SWITCHYARD_SMTP_URL the server sends no mail: password reset is by an admin only.
 */
import 'server-only';
import nodemailer from 'nodemailer';

export function smtpUrl(env: Record<string, string | undefined> = process.env): string | null {
  return env.SWITCHYARD_SMTP_URL?.trim() || null;
}

export function smtpConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return smtpUrl(env) !== null;
}

/** SWITCHYARD_SMTP_URL must be an smtp:// or smtps:// URL (checked at start, lib/server/unsafe-settings.ts). */
export function checkSmtpUrl(env: Record<string, string | undefined> = process.env): void {
  const url = smtpUrl(env);
  if (url === null) return;
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SWITCHYARD_SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtp://user:password@mail.example.com:587)');
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail; throws when SMTP is not configured or the server refuses it. */
export async function sendMail(mail: Mail, env: Record<string, string | undefined> = process.env): Promise<void> {
  const url = smtpUrl(env);
  if (!url) throw new Error('no SWITCHYARD_SMTP_URL: this server sends no email');
  const transport = nodemailer.createTransport(url);
  try {
    await transport.sendMail({ from: env.SWITCHYARD_SMTP_FROM?.trim() || 'Switchyard <switchyard@localhost>', to: mail.to, subject: mail.subject, text: mail.text });
  } finally {
    transport.close();
  }
}
