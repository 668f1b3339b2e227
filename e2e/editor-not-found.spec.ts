/** Unknown addresses, graphs and runs get the app's own pages with a way back. */
import { expect, test } from '@playwright/test';

test('an unknown address shows the app-styled 404 with navigation', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('This page does not exist');
  await expect(page.getByTestId('app-header')).toBeVisible();
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown run and an unknown graph say what is missing and link back', async ({ page }) => {
  await page.goto('/runs/not-a-run');
  await expect(page.getByTestId('run-not-found')).toContainText('not-a-run');
  await expect(page.getByTestId('not-found-home')).toBeVisible();

  await page.goto('/graphs/not-a-graph');
  await expect(page.getByTestId('graph-not-found')).toContainText('not-a-graph');
  await expect(page.getByTestId('not-found-home')).toBeVisible();
});
