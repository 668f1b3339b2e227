/**
 * Accounts in the browser (issue 11), against the server with accounts on: the first start asks for
 * the first admin, who is then signed in and sees the graphs; sign out leads to the sign-in page, a
 * wrong password is refused, signing in again works, and a signed-out visit to a page goes to /login.
 * One test, in order: the database is fresh for this server.
 */
import { expect, test } from '@playwright/test';
import { AUTH_BASE_URL } from './auth-server';

test.use({ baseURL: AUTH_BASE_URL });

const EMAIL = 'admin@example.com';
const PASSWORD = 'e2e admin password';

test('first admin, sign in, graphs list, sign out, login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByTestId('setup-email').fill(EMAIL);
  await page.getByTestId('setup-password').fill(PASSWORD);
  await page.getByTestId('setup-submit').click();

  await expect(page.getByTestId('graphs-page')).toBeVisible();
  await expect(page.getByTestId('user-email')).toHaveText(EMAIL);
  await expect(page.getByTestId('user-role')).toHaveText('(admin)');
  await expect(page.getByTestId('graph-row').first()).toBeVisible(); // the seeded examples

  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-form')).toBeVisible();

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
  await page.getByTestId('login-email').fill(EMAIL);
  await page.getByTestId('login-password').fill('not the password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();

  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('users-section')).toBeVisible();
  await expect(page.locator('[data-testid="user-row"]')).toHaveCount(1);

  await page.goto('/');
  await expect(page.getByTestId('graph-row').first()).toBeVisible();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
