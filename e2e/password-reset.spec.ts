/**
 * Password reset in the browser (issue 21 item 2), against the server with accounts on: an admin
 * resets a user's password in Settings › Users, gets the one-time link (no SMTP on this server), and
 * the user opens it in a browser of their own, chooses a new password and signs in with it; the old
 * one fails. Pages carry the framing headers (issue 21 item 6).
 */
import { expect, test } from '@playwright/test';
import { AUTH_BASE_URL } from './auth-server';

test.use({ baseURL: AUTH_BASE_URL });

const ADMIN = 'admin@example.com';
const ADMIN_PASSWORD = 'e2e admin password'; // e2e/auth.spec.ts's admin (made here when this spec runs alone)
const USER = 'reset-me@example.com';
const OLD = 'the old password';
const NEW = 'the new password';

test('an admin resets a password; the user sets a new one with the link and signs in with it', async ({ page, browser }) => {
  const origin = { origin: AUTH_BASE_URL };
  const setup = await page.request.get('/api/auth/setup');
  if ((await setup.json()).needs_setup) expect((await page.request.post('/api/auth/setup', { data: { email: ADMIN, password: ADMIN_PASSWORD }, headers: origin })).status()).toBe(201);

  const login = await page.goto('/login');
  expect(login?.headers()['x-frame-options']).toBe('SAMEORIGIN');
  expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await page.getByTestId('login-email').fill(ADMIN);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('graphs-page')).toBeVisible();
  expect((await page.request.post('/api/users', { data: { email: USER, password: OLD, role: 'editor' }, headers: origin })).status()).toBe(201);

  await page.goto('/settings');
  const row = page.locator(`[data-testid="user-row"][data-email="${USER}"]`);
  page.once('dialog', (d) => void d.accept());
  await row.getByTestId('reset-user-password').click();
  const link = await row.getByTestId('reset-link').inputValue();
  expect(link).toMatch(new RegExp(`^${AUTH_BASE_URL}/reset-password\\?token=`));

  const theirs = await browser.newContext();
  try {
    const p = await theirs.newPage();
    await p.goto(link);
    await p.getByTestId('reset-password-new').fill(NEW);
    await p.getByTestId('reset-password-submit').click();
    await expect(p.getByTestId('reset-password-done')).toBeVisible();
    await p.getByTestId('reset-password-sign-in').click();
    await expect(p).toHaveURL(/\/login$/);
    await p.getByTestId('login-email').fill(USER);
    await p.getByTestId('login-password').fill(OLD);
    await p.getByTestId('login-submit').click();
    await expect(p.getByTestId('login-error')).toHaveText('Wrong email or password.');
    await p.getByTestId('login-password').fill(NEW);
    await p.getByTestId('login-submit').click();
    await expect(p.getByTestId('graphs-page')).toBeVisible();
    await expect(p.getByTestId('user-email')).toHaveText(USER);

    // The link worked once.
    await p.goto(link);
    await p.getByTestId('reset-password-new').fill('a third password');
    await p.getByTestId('reset-password-submit').click();
    await expect(p.getByTestId('reset-password-error')).toContainText('invalid, used or expired');
  } finally {
    await theirs.close();
  }
});
