/**
 * Password reset over real HTTP (issue 21 item 2): by an admin (the old password and sessions stop
 * at once; the one-time link sets a new one), and by email over a real SMTP receiver in this process
 * (the `smtp-server` package) when SWITCHYARD_SMTP_URL is set.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookie, startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { setEnv } from '@/lib/testing/env';

interface Received {
  to: string[];
  text: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (no TLS, no auth: a test relay). */
async function startSmtp(): Promise<{ url: string; mails: Received[]; next(): Promise<Received>; close(): Promise<void> }> {
  const mails: Received[] = [];
  const waiting: ((m: Received) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // The body, quoted-printable soft breaks and escapes undone.
        const body = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), text: body };
        mails.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const linkIn = (text: string) => /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(text)?.[1];
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

let s: AuthServer;
let admin: string;
let restore: (() => void) | undefined;

beforeAll(async () => {
  s = await startAuthServer({ SWITCHYARD_SMTP_URL: undefined });
  admin = await s.setupAdmin();
});
afterAll(async () => s?.close());
afterEach(() => {
  restore?.();
  restore = undefined;
});

async function userId(email: string): Promise<string> {
  const { body } = await s.call('GET', '/api/users', { cookie: admin });
  return (body.users as { id: string; email: string }[]).find((u) => u.email === email)!.id;
}

const resetWith = (token: string, newPassword: string) => s.call('POST', '/api/auth/reset-password', {}, { token, newPassword });

describe('reset by an admin (no SMTP: the link is shown to the admin)', () => {
  it('the old password and sessions stop at once; the user sets a new one with the link; the link works once', async () => {
    const userCookie = await s.addUser(admin, 'dana@example.com', 'editor');
    expect((await s.call('GET', '/api/keys', { cookie: userCookie })).status).toBe(200);
    const reset = await s.call('POST', `/api/users/${await userId('dana@example.com')}/password-reset`, { cookie: admin }, {});
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ emailed: false, reset_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=/) });
    expect(Date.parse(reset.body.expires_at)).toBeGreaterThan(Date.now());

    expect((await s.signIn('dana@example.com', PASSWORD)).status).toBe(401); // the old password
    expect((await s.call('GET', '/api/keys', { cookie: userCookie })).status).toBe(401); // the old session

    const token = tokenOf(reset.body.reset_url);
    expect((await resetWith(token, 'short')).status).toBe(400);
    expect((await resetWith(token, 'a brand new secret')).status).toBe(200);
    const signedIn = await s.signIn('dana@example.com', 'a brand new secret');
    expect(signedIn.status).toBe(200);
    expect((await s.call('GET', '/api/keys', { cookie: sessionCookie(signedIn) })).status).toBe(200);
    expect((await s.signIn('dana@example.com', PASSWORD)).status).toBe(401);
    expect((await resetWith(token, 'yet another secret')).status).toBe(400); // spent
    expect((await resetWith('not-a-token', 'yet another secret')).status).toBe(400);
  });

  it('only admins may, and only for a user that exists', async () => {
    const editor = await s.addUser(admin, 'eve@example.com', 'editor');
    const id = await userId('eve@example.com');
    expect((await s.call('POST', `/api/users/${id}/password-reset`, { cookie: editor }, {})).status).toBe(403);
    expect((await s.call('POST', '/api/users/no-such-user/password-reset', { cookie: admin }, {})).status).toBe(404);
    expect((await s.call('POST', `/api/users/${id}/password-reset`, { cookie: admin, origin: 'http://evil.example' }, {})).status).toBe(403);
    expect((await s.signIn('eve@example.com', PASSWORD)).status).toBe(200); // none of those reset anything
  });

  it('without SMTP the email flow is off, and says so', async () => {
    const res = await s.call('POST', '/api/auth/request-password-reset', {}, { email: 'admin@example.com' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/SWITCHYARD_SMTP_URL/);
  });
});

describe('reset by email over real SMTP (SWITCHYARD_SMTP_URL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => smtp?.close());

  it('"forgot password": the link arrives by mail and sets a new password; the old one fails', async () => {
    restore = setEnv({ SWITCHYARD_SMTP_URL: smtp.url, SWITCHYARD_SMTP_FROM: 'Switchyard <noreply@switchyard.test>' });
    await s.addUser(admin, 'fay@example.com', 'viewer');
    const arrived = smtp.next();
    const asked = await s.call('POST', '/api/auth/request-password-reset', {}, { email: 'fay@example.com' });
    expect(asked.status).toBe(200);
    const mail = await arrived;
    expect(mail.to).toEqual(['fay@example.com']);
    expect(mail.text).toMatch(/asked to reset the password/);
    const link = linkIn(mail.text)!;
    expect(link).toBeDefined();
    expect((await resetWith(tokenOf(link), 'mailed new password')).status).toBe(200);
    expect((await s.signIn('fay@example.com', 'mailed new password')).status).toBe(200);
    expect((await s.signIn('fay@example.com', PASSWORD)).status).toBe(401);
  });

  it('an unknown email gets the same answer and no mail', async () => {
    restore = setEnv({ SWITCHYARD_SMTP_URL: smtp.url });
    const before = smtp.mails.length;
    const asked = await s.call('POST', '/api/auth/request-password-reset', {}, { email: 'nobody@example.com' });
    expect(asked.status).toBe(200);
    // A known email afterwards: its mail is the next one to arrive (none was sent for the unknown one).
    await s.addUser(admin, 'gil@example.com', 'viewer');
    const arrived = smtp.next();
    await s.call('POST', '/api/auth/request-password-reset', {}, { email: 'gil@example.com' });
    expect((await arrived).to).toEqual(['gil@example.com']);
    expect(smtp.mails.length).toBe(before + 1);
  });

  it("an admin's reset with SMTP mails the link to the user and does not show it to the admin", async () => {
    restore = setEnv({ SWITCHYARD_SMTP_URL: smtp.url });
    await s.addUser(admin, 'hal@example.com', 'editor');
    const arrived = smtp.next();
    const reset = await s.call('POST', `/api/users/${await userId('hal@example.com')}/password-reset`, { cookie: admin }, {});
    expect(reset.status).toBe(200);
    expect(reset.body.emailed).toBe(true);
    expect(reset.body.reset_url).toBeUndefined();
    const mail = await arrived;
    expect(mail.to).toEqual(['hal@example.com']);
    expect(mail.text).toMatch(/administrator of Switchyard reset the password/);
    expect((await s.signIn('hal@example.com', PASSWORD)).status).toBe(401);
    expect((await resetWith(tokenOf(linkIn(mail.text)!), 'hal chose this one')).status).toBe(200);
    expect((await s.signIn('hal@example.com', 'hal chose this one')).status).toBe(200);
  });

  it('an admin reset whose mail cannot be sent shows the link instead, with the reason', async () => {
    restore = setEnv({ SWITCHYARD_SMTP_URL: 'smtp://127.0.0.1:1' });
    await s.addUser(admin, 'ivy@example.com', 'viewer');
    const reset = await s.call('POST', `/api/users/${await userId('ivy@example.com')}/password-reset`, { cookie: admin }, {});
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ emailed: false, reset_url: expect.stringContaining('/reset-password?token='), email_error: expect.stringMatching(/ECONNREFUSED/) });
  });
});
