/**
 * The debug panel inside the editor (/graphs/[id]): the run drives the canvas — the working
 * node is highlighted and the highlight moves, finished nodes are marked done, taken edges are
 * marked — and a breakpoint toggled on a canvas node lands in the panel's breakpoint set.
 */
import { expect, test } from '@playwright/test';
import { GraphsApi } from './pages/graphs-api';

test('a run from the editor moves the highlight from node to node and marks the edge taken', async ({ page, request }) => {
  await page.goto(`/graphs/${await new GraphsApi(request).graphId('writer-reviewer')}`);
  const writer = page.getByTestId('node-writer');
  const reviewer = page.getByTestId('node-reviewer');
  await expect(writer).toBeVisible();
  await page.getByTestId('toggle-panel').click();
  // [[slow]]: every model reply streams for a few seconds, so each node is seen while it works.
  await page.getByTestId('run-input').fill('[[slow]] Write one line about signals.');
  await page.getByTestId('run-button').click();
  await expect(writer).toHaveAttribute('data-run-status', 'running');
  await expect(reviewer).not.toHaveAttribute('data-run-status', 'running');
  await page.screenshot({ path: 'test-results/screens/debug-editor-running.png' });
  await expect(reviewer).toHaveAttribute('data-run-status', 'running', { timeout: 20_000 });
  await expect(writer).toHaveAttribute('data-run-status', 'done');
  await expect(page.locator('[data-run-taken="true"]').first()).toBeAttached();
  await expect(page.getByTestId('run-status')).toHaveText('succeeded', { timeout: 30_000 });
  await expect(reviewer).toHaveAttribute('data-run-status', 'done');
  await page.screenshot({ path: 'test-results/screens/debug-editor-done.png' });
});

test('a breakpoint toggled on a canvas node is in the panel and is sent with the run', async ({ page, request }) => {
  await page.goto(`/graphs/${await new GraphsApi(request).graphId('writer-reviewer')}`);
  await expect(page.getByTestId('node-reviewer')).toBeVisible();
  await page.getByTestId('breakpoint-reviewer').click();
  await expect(page.getByTestId('node-reviewer')).toHaveAttribute('data-breakpoint', 'true');
  await page.getByTestId('toggle-panel').click();
  await page.getByTestId('tab-breakpoints').click();
  await expect(page.getByTestId('breakpoint')).toHaveText(/reviewer/);
  await page.getByTestId('run-input').fill('Write one line about yards.');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('pause-card')).toHaveAttribute('data-kind', 'breakpoint', { timeout: 30_000 });
  await expect(page.getByTestId('node-reviewer')).toHaveAttribute('data-run-status', 'paused');
  await expect(page.getByTestId('node-writer')).toHaveAttribute('data-run-status', 'done');
  await page.screenshot({ path: 'test-results/screens/debug-editor-breakpoint.png' });
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('cancelled');
});
